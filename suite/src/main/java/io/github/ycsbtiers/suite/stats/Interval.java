package io.github.ycsbtiers.suite.stats;

/**
 * An estimate from {@code samples} values and, when they allow one, its two-sided interval at
 * {@code level}; without one, {@code low} and {@code high} are NaN.
 */
public record Interval(double estimate, double low, double high, int samples, double level) {
  /** An estimate that has no interval (too few samples). */
  public static Interval unbounded(double estimate, int samples, double level) {
    return new Interval(estimate, Double.NaN, Double.NaN, samples, level);
  }

  /** Whether there is an interval. */
  public boolean bounded() {
    return !Double.isNaN(low) && !Double.isNaN(high);
  }

  /** Whether there is an interval and {@code value} lies outside it. */
  public boolean excludes(double value) {
    return bounded() && (value < low || value > high);
  }
}
