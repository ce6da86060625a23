package io.github.ycsbtiers.api;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one syntax of property values, and the words that describe it in a message. Every rule
 * trims the text first and takes underscores between digits as separators ({@code 5_120_000_000});
 * an underscore anywhere else makes the text malformed. Each parse answers empty for a malformed
 * text and never throws; {@link PropertyReader} adds defaults, ranges and the message, and a
 * caller that parses part of a value (a list, a {@code host:port}) uses these directly so that the
 * part follows the same rule.
 *
 * <ul>
 *   <li>whole number: an optional sign and digits ({@code 1e3} and {@code 1.0} are not whole numbers);</li>
 *   <li>number: a decimal, optionally with an exponent ({@code 0.5}, {@code .5}, {@code 1e-3}); finite;</li>
 *   <li>boolean: {@code true} or {@code false}, in any case;</li>
 *   <li>byte count: a whole number of bytes, or with {@code k}, {@code m}, {@code g} or {@code t}
 *       (powers of 1024, any case) such as {@code 512m} or {@code 8g};</li>
 *   <li>duration: a number in the property's own unit, or a number with {@code ms}, {@code s},
 *       {@code m} or {@code h} ({@code 500ms}, {@code 1.5s}); it must come to a whole number of the
 *       property's resolution (a property of whole milliseconds refuses {@code 1.5}).</li>
 * </ul>
 */
public final class PropertyValues {
  private static final Pattern SEPARATORS = Pattern.compile("(?<=\\d)_+(?=\\d)");
  private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern SIZE = Pattern.compile("(\\d+)([kmgt]?)");
  private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ms|s|m|h)?");
  /** How a byte count may be written, for messages. */
  public static final String SIZE_SUFFIXES = "or with k, m, g or t (powers of 1024) such as 512m or 8g";

  private PropertyValues() {
  }

  /** A whole number ({@code 5_120_000_000}, {@code -3}); empty if malformed or beyond a long. */
  public static OptionalLong wholeNumber(String text) {
    String s = withoutSeparators(text);
    if (s == null || !WHOLE.matcher(s).matches()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(s));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /** A finite decimal number ({@code 0.95}, {@code 1e-3}); empty if malformed or not finite. */
  public static OptionalDouble decimal(String text) {
    String s = withoutSeparators(text);
    if (s == null || !DECIMAL.matcher(s).matches()) {
      return OptionalDouble.empty();
    }
    double v = Double.parseDouble(s);
    return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
  }

  /** {@code true} or {@code false}, in any case; empty otherwise. */
  public static Optional<Boolean> bool(String text) {
    String s = text.trim().toLowerCase(Locale.ROOT);
    return s.equals("true") ? Optional.of(true) : s.equals("false") ? Optional.of(false) : Optional.empty();
  }

  /** A byte count ({@code 1073741824}, {@code 512m}, {@code 8G}); empty if malformed or beyond a long. */
  public static OptionalLong byteCount(String text) {
    String s = withoutSeparators(text);
    Matcher m = s == null ? null : SIZE.matcher(s.toLowerCase(Locale.ROOT));
    if (m == null || !m.matches()) {
      return OptionalLong.empty();
    }
    int shift = switch (m.group(2)) {
      case "k" -> 10;
      case "m" -> 20;
      case "g" -> 30;
      case "t" -> 40;
      default -> 0;
    };
    try {
      long n = Long.parseLong(m.group(1));
      return n <= (Long.MAX_VALUE >> shift) ? OptionalLong.of(n << shift) : OptionalLong.empty();
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * A duration, in {@code resolution}: a bare number counts in {@code unit}; empty if malformed,
   * negative, not a whole number of {@code resolution}, or beyond a long.
   */
  public static OptionalLong duration(String text, TimeUnit unit, TimeUnit resolution) {
    String s = withoutSeparators(text);
    Matcher m = s == null ? null : DURATION.matcher(s.toLowerCase(Locale.ROOT));
    if (m == null || !m.matches()) {
      return OptionalLong.empty();
    }
    TimeUnit given = m.group(2) == null ? unit : switch (m.group(2)) {
      case "ms" -> TimeUnit.MILLISECONDS;
      case "s" -> TimeUnit.SECONDS;
      case "m" -> TimeUnit.MINUTES;
      default -> TimeUnit.HOURS;
    };
    try {
      // divide throws for a quotient without a finite decimal expansion: not a whole number either
      BigDecimal v = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(given.toNanos(1)))
          .divide(BigDecimal.valueOf(resolution.toNanos(1)));
      return OptionalLong.of(v.stripTrailingZeros().longValueExact());
    } catch (ArithmeticException e) {
      return OptionalLong.empty();
    }
  }

  /** {@code a whole number from MIN to MAX}, or {@code >= MIN} when there is no upper bound. */
  public static String wholeRange(long min, long max) {
    return max == Long.MAX_VALUE ? "a whole number >= " + min : "a whole number from " + min + " to " + max;
  }

  /** {@code a number from MIN to MAX}, or {@code >= MIN} when there is no upper bound. */
  public static String decimalRange(double min, double max) {
    return max >= Double.MAX_VALUE ? "a number >= " + format(min)
        : "a number from " + format(min) + " to " + format(max);
  }

  /** A byte count from MIN to MAX, and how it may be written. */
  public static String sizeRange(long min, long max) {
    String range = max == Long.MAX_VALUE ? ">= " + min : "from " + min + " to " + max;
    return "a whole number of bytes " + range + ", " + SIZE_SUFFIXES;
  }

  /**
   * A duration from MIN to MAX (in {@code resolution}, shown in {@code unit}), and how it may be
   * written.
   */
  public static String durationRange(TimeUnit unit, TimeUnit resolution, long min, long max) {
    String name = unit.name().toLowerCase(Locale.ROOT);
    String range = max == Long.MAX_VALUE ? ">= " + inUnit(min, resolution, unit)
        : "from " + inUnit(min, resolution, unit) + " to " + inUnit(max, resolution, unit);
    String examples = resolution.compareTo(TimeUnit.SECONDS) >= 0 ? "30s or 2m" : "500ms or 1.5s";
    return (unit == resolution ? "a whole number of " : "a number of ") + name + " " + range
        + ", or a number with ms, s, m or h such as " + examples;
  }

  /** A number as a person writes it: {@code 0.5}, {@code 1}, {@code 100}. */
  public static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  private static String inUnit(long value, TimeUnit resolution, TimeUnit unit) {
    return BigDecimal.valueOf(value).multiply(BigDecimal.valueOf(resolution.toNanos(1)))
        .divide(BigDecimal.valueOf(unit.toNanos(1)), MathContext.DECIMAL64).stripTrailingZeros().toPlainString();
  }

  /** The trimmed text without separators; null if an underscore is not between digits. */
  private static String withoutSeparators(String text) {
    String s = SEPARATORS.matcher(text.trim()).replaceAll("");
    return s.indexOf('_') >= 0 ? null : s;
  }
}
