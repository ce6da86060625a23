package io.github.ycsbtiers.suite.stats;

/**
 * The geometric mean of positive figures (throughputs, latencies, ratios of them) with a two-sided
 * Student t interval on their logarithms: {@code exp(mean(ln x) ± t(df = n - 1) · sd(ln x) / sqrt(n))}.
 * It assumes the values independent draws of one distribution whose logarithm is roughly normal
 * (noise that scales a figure, as a slower moment of the machine does); with fewer than
 * {@link #MIN_SAMPLES} values there is no interval: with two, t(1) = 12.7 standard errors makes any
 * interval span almost anything, and the spread of two values is no estimate of the spread.
 */
public final class GeometricMean {
  /** The fewest values that get an interval. */
  public static final int MIN_SAMPLES = 3;
  /** The interval's level. */
  public static final double LEVEL = 0.95;

  private GeometricMean() {
  }

  /**
   * The geometric mean of {@code values} and its 95% interval; null when there are none or one is
   * not a positive finite number (a logarithm needs a positive value).
   */
  public static Interval of(double[] values) {
    return of(values, LEVEL);
  }

  /** The same at another level. */
  public static Interval of(double[] values, double level) {
    int n = values.length;
    if (n == 0) {
      return null;
    }
    double[] logs = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      if (!(values[i] > 0) || Double.isInfinite(values[i])) {
        return null;
      }
      logs[i] = Math.log(values[i]);
      sum += logs[i];
    }
    double mean = sum / n;
    if (java.util.Arrays.stream(values).allMatch(v -> v == values[0])) {
      // the value itself, not exp(ln v), which may differ from it in the last digit
      return n < MIN_SAMPLES ? Interval.unbounded(values[0], n, level)
          : new Interval(values[0], values[0], values[0], n, level);
    }
    if (n < MIN_SAMPLES) {
      return Interval.unbounded(Math.exp(mean), n, level);
    }
    double squares = 0;
    for (double l : logs) {
      squares += (l - mean) * (l - mean);
    }
    double halfWidth = StudentT.twoSided(n - 1, level) * Math.sqrt(squares / (n - 1) / n);
    return new Interval(Math.exp(mean), Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), n, level);
  }

  /**
   * The paired ratios {@code numerators[i] / denominators[i]} (round i of two targets that took
   * turns) as one sample: their geometric mean, which is the ratio of the two geometric means, and
   * its interval. The pairs must be of equal number.
   */
  public static Interval ofRatios(double[] numerators, double[] denominators) {
    if (numerators.length != denominators.length) {
      throw new IllegalArgumentException(numerators.length + " numerators against " + denominators.length
          + " denominators: ratios are paired");
    }
    double[] ratios = new double[numerators.length];
    for (int i = 0; i < ratios.length; i++) {
      ratios[i] = numerators[i] / denominators[i];
    }
    return of(ratios);
  }
}
