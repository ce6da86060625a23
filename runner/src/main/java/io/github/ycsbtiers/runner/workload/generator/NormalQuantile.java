package io.github.ycsbtiers.runner.workload.generator;

/**
 * The standard normal distribution's cumulative distribution function and its inverse, for sizing
 * a Gaussian key pattern once at start-up (never on the hot path).
 *
 * <p>The CDF uses the series Phi(x) = 1/2 + phi(x) (x + x^3/3 + x^5/(3 5) + x^7/(3 5 7) + ...),
 * whose terms are all positive, so it is accurate to a few units in the last place for |x| up to
 * about 8, beyond which Phi is 0 or 1 in double precision anyway. The inverse is found by bisection
 * on that CDF (monotone, so bisection cannot miss), to the resolution of a double.
 */
public final class NormalQuantile {
  /** |x| beyond which the CDF is taken as 0 or 1: Phi(-9) is about 1e-19, below a double's epsilon. */
  private static final double TAIL = 9.0;

  private NormalQuantile() {
  }

  /** Phi(x), the probability that a standard normal variable is at most x. */
  public static double cdf(double x) {
    if (Double.isNaN(x)) {
      return Double.NaN;
    }
    if (x <= -TAIL) {
      return 0.0;
    }
    if (x >= TAIL) {
      return 1.0;
    }
    double term = x;
    double sum = x;
    double square = x * x;
    for (int k = 3; k < 1000; k += 2) {
      term *= square / k;
      double next = sum + term;
      if (next == sum) {
        break;
      }
      sum = next;
    }
    double density = Math.exp(-square / 2) / Math.sqrt(2 * Math.PI);
    return Math.min(1.0, Math.max(0.0, 0.5 + density * sum));
  }

  /**
   * z(p), the x with Phi(x) = p.
   *
   * @param p a probability strictly between 0 and 1
   * @return the quantile; at most 9 in magnitude (the CDF's resolution in double precision)
   */
  public static double quantile(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("a probability strictly between 0 and 1 is needed, not " + p);
    }
    double low = -TAIL;
    double high = TAIL;
    for (int i = 0; i < 200 && high - low > 1e-15; i++) {
      double mid = (low + high) / 2;
      if (cdf(mid) < p) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }
}
