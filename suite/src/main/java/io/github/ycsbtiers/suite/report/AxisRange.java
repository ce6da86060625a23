package io.github.ycsbtiers.suite.report;

import java.util.Collection;

/**
 * Explicit axis ends for XChart, so that its tick search always has a finite, non-empty span to
 * work on. XChart 3.8.8's search (AxisTickCalculator_) tries wider and wider tick steps until its
 * labels are distinct and fit; given the data's own ends it has no answer when they are equal, not
 * finite, or (on a log axis) not positive. These ends are always finite with min below max; a log
 * axis runs from a power of ten at or below its smallest positive value to one above its largest.
 */
public record AxisRange(double min, double max) {

  public AxisRange {
    if (!(Double.isFinite(min) && Double.isFinite(max) && min < max)) {
      throw new IllegalArgumentException("not an axis range: " + min + " to " + max);
    }
  }

  /** A linear axis from 0 to a round value at or above the largest finite value (at least 1). */
  public static AxisRange fromZero(Collection<Double> values) {
    double top = 0;
    for (Double v : values) {
      if (v != null && Double.isFinite(v)) {
        top = Math.max(top, v);
      }
    }
    return new AxisRange(0, roundUp(Math.max(1, top)));
  }

  /** A log axis over the finite values at or above {@code floor} (which is positive), whole decades. */
  public static AxisRange logDecades(Collection<Double> values, double floor) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = floor;
    for (Double v : values) {
      if (v != null && Double.isFinite(v)) {
        double c = Math.max(floor, v);
        lo = Math.min(lo, c);
        hi = Math.max(hi, c);
      }
    }
    if (lo == Double.POSITIVE_INFINITY) {
      lo = floor;
    }
    double min = Math.pow(10, Math.floor(Math.log10(lo)));
    double max = Math.pow(10, Math.floor(Math.log10(hi)) + 1);
    return new AxisRange(min, max);
  }

  /** The value drawn for {@code v}: finite and within the axis (null, NaN and infinities at {@code fallback}). */
  public double clamp(Double v, double fallback) {
    double x = v == null || Double.isNaN(v) ? fallback : v;
    return Math.min(max, Math.max(min, x));
  }

  /** 1, 2 or 5 times a power of ten, at or above {@code v} (v >= 1). */
  static double roundUp(double v) {
    double decade = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * decade >= v) {
        return m * decade;
      }
    }
    return 10 * decade;
  }
}
