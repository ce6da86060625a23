package io.github.ycsbtiers.suite.report;

/** How the project's JSON files write a string and a number (the suite's summary, search and compare files). */
public final class JsonText {
  private JsonText() {
  }

  /** {@code s} as a JSON string literal. */
  public static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  /**
   * {@code v} to 12 significant digits without exponent, a whole number without a point; {@code null}
   * when not finite (the search's and the curve's files).
   */
  public static String rounded(double v) {
    if (!Double.isFinite(v)) {
      return "null";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.valueOf((long) v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(12)).stripTrailingZeros().toPlainString();
  }

  /** The exact decimal of {@code d} without exponent, {@code null} for null, NaN or infinite. */
  public static String number(Double d) {
    return d == null || d.isNaN() || d.isInfinite() ? "null" : Numbers.exact(d);
  }
}
