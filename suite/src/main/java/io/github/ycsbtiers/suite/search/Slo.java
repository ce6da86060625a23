package io.github.ycsbtiers.suite.search;

import io.github.ycsbtiers.api.PropertyValues;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency bound: {@code [intended:|op:]pNN<VALUE[us|ms|s]}, e.g. {@code p99<1ms},
 * {@code p99.9<5ms}, {@code op:p99.99<800us}. The prefix picks the latency checked: {@code intended}
 * (the default) measures from when the throttled schedule meant the operation to start, so a client
 * that falls behind is charged for the wait (coordinated omission); {@code op} from when it was
 * actually issued, as YCSB's plain sections do. The bound is strict: the percentile must be below it.
 *
 * @param kind which latency is checked
 * @param percentile the percentile, above 0 and below 100
 * @param boundUs the bound in microseconds
 * @param text the bound as given
 */
public record Slo(Kind kind, double percentile, double boundUs, String text) {
  private static final Pattern FORM = Pattern.compile(
      "(?:(intended|op):)?p(\\d+(?:\\.\\d+)?)\\s*<\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");
  public static final String ALLOWED = "[intended:|op:]pNN<VALUE with a unit us, ms or s, e.g. p99<1ms, "
      + "p99.9<5ms, op:p99.99<800us (intended latency unless op: is given)";

  /** Which latency a bound is checked against. */
  public enum Kind {
    /** From the intended start under -target: YCSB's Intended-&lt;OP&gt; sections. */
    INTENDED,
    /** From the actual start: YCSB's &lt;OP&gt; sections. */
    OP
  }

  /**
   * Parses a bound.
   *
   * @throws IllegalArgumentException with a message saying what is allowed
   */
  public static Slo parse(String raw) {
    Matcher m = FORM.matcher(raw.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(ALLOWED);
    }
    double percentile = PropertyValues.decimal(m.group(2)).getAsDouble();
    double bound = PropertyValues.decimal(m.group(3)).getAsDouble() * switch (m.group(4)) {
      case "us" -> 1.0;
      case "ms" -> 1_000.0;
      default -> 1_000_000.0;
    };
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("a percentile above 0 and below 100; " + ALLOWED);
    }
    if (!(bound > 0)) {
      throw new IllegalArgumentException("a bound above 0; " + ALLOWED);
    }
    Kind kind = "op".equals(m.group(1)) ? Kind.OP : Kind.INTENDED;
    return new Slo(kind, percentile, bound, raw.trim());
  }

  /** The percentile's name as in the tables: {@code p99}, {@code p99.9}. */
  public String percentileName() {
    return "p" + (percentile == Math.rint(percentile) ? String.valueOf((long) percentile) : String.valueOf(percentile));
  }

  /** E.g. {@code intended p99 < 1000 us}. */
  public String describe() {
    return String.format(Locale.ROOT, "%s %s < %s us", kind.name().toLowerCase(Locale.ROOT), percentileName(),
        boundUs == Math.rint(boundUs) ? String.valueOf((long) boundUs) : String.valueOf(boundUs));
  }

  /** Whether a measured latency, in microseconds, meets the bound. */
  public boolean met(double latencyUs) {
    return latencyUs < boundUs;
  }
}
