package io.github.ycsbtiers.suite.stats;

/**
 * Quantiles of Student's t distribution for whole degrees of freedom, computed rather than tabled.
 * {@code P(|T| <= t)} has a closed form for every whole {@code df} (Abramowitz and Stegun 26.7.3
 * and 26.7.4: with {@code θ = atan(t / sqrt(df))}, a finite series in {@code cos θ}), and the
 * quantile is found by bisection on it, to well under the fourth decimal that tables print.
 */
public final class StudentT {
  private StudentT() {
  }

  /**
   * The {@code t} with {@code P(|T| <= t) = level} at {@code df} degrees of freedom: the
   * half-width, in standard errors, of a two-sided interval of that level (4.303 for 95% and 2).
   */
  public static double twoSided(int df, double level) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom " + df + ": at least 1");
    }
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("level " + level + ": strictly between 0 and 1");
    }
    double lo = 0;
    double hi = 1;
    while (centralProbability(hi, df) < level) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
      double mid = (lo + hi) / 2;
      if (centralProbability(mid, df) < level) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** {@code P(|T| <= t)}, {@code t >= 0}, at {@code df} degrees of freedom. */
  static double centralProbability(double t, int df) {
    double theta = Math.atan(t / Math.sqrt(df));
    double c2 = Math.cos(theta) * Math.cos(theta);
    double sum = 1;
    double term = 1;
    if (df % 2 == 0) {
      // sin θ (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + ... + 1·3···(df-3)/(2·4···(df-2)) cos^(df-2)θ)
      for (int k = 1; k <= (df - 2) / 2; k++) {
        term *= (2.0 * k - 1) / (2.0 * k) * c2;
        sum += term;
      }
      return Math.sin(theta) * sum;
    }
    if (df == 1) {
      return 2 * theta / Math.PI;
    }
    // 2/π (θ + sin θ cos θ (1 + 2/3 cos²θ + 2·4/(3·5) cos⁴θ + ... + 2·4···(df-3)/(3·5···(df-2)) cos^(df-3)θ))
    for (int k = 1; k <= (df - 3) / 2; k++) {
      term *= (2.0 * k) / (2.0 * k + 1) * c2;
      sum += term;
    }
    return 2 / Math.PI * (theta + Math.sin(theta) * Math.cos(theta) * sum);
  }
}
