package io.github.ycsbtiers.suite.report;

import java.math.BigDecimal;
import java.util.Locale;

/** How the formats print numbers: tables rounded for reading, CSV and JSON exact. */
final class Numbers {
  static final String NONE = "-";

  private Numbers() {
  }

  /** Throughput and p99 in tables: whole numbers. */
  static String whole(Double v) {
    return v == null ? NONE : String.format(Locale.ROOT, "%.0f", v);
  }

  /** Average latencies in tables: one decimal. */
  static String tenths(Double v) {
    return v == null ? NONE : String.format(Locale.ROOT, "%.1f", v);
  }

  /** Ratios in tables: two decimals. */
  static String hundredths(Double v) {
    return v == null ? NONE : String.format(Locale.ROOT, "%.2f", v);
  }

  /** The exact value, never in exponent notation; integral values without a fraction. */
  static String exact(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return BigDecimal.valueOf(v).toPlainString();
  }
}
