package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The capacity curve's options: {@code --curve [LIST]} (the open-loop steps, in percent of the
 * closed-loop saturation throughput), {@code --curve-knee K} (the knee's factor) and
 * {@code --curve-seconds S} (how long each open-loop step measures). Filled by
 * {@link SuiteOptions}' parser; read-only outside this package.
 */
public final class CurveOptions {
  /** The default steps, percent of the saturation throughput. */
  public static final List<Double> DEFAULT_STEPS = List.of(10.0, 25.0, 50.0, 70.0, 80.0, 90.0, 95.0, 100.0);
  /** The knee: the first step whose intended p99 exceeds this many times the lowest step's. */
  public static final double DEFAULT_KNEE_FACTOR = 2;
  static final String USAGE = String.join("\n",
      "  --curve [LIST]       a capacity curve of every run phase: the closed-loop saturation throughput, then",
      "                       open-loop steps at these percentages of it (default 10,25,50,70,80,90,95,100)",
      "  --curve-knee K       the knee: the first step whose intended p99 exceeds K x the lowest step's (default 2)",
      "  --curve-seconds S    each open-loop step measures S seconds at its rate (default: the saturation run's time,"
          + " at least 5)");

  private List<Double> steps;
  private double kneeFactor = DEFAULT_KNEE_FACTOR;
  private boolean kneeGiven;
  private OptionalLong stepSeconds = OptionalLong.empty();

  /** {@code --curve} without a list: the default steps. */
  void enable() {
    steps = DEFAULT_STEPS;
  }

  /** {@code --curve LIST}. */
  void enable(String value) {
    steps = steps("--curve", value);
  }

  /** Reads option {@code option} with its value if it is one of these; false if it is not. */
  boolean take(String option, String value) {
    switch (option) {
      case "--curve-knee" -> {
        kneeFactor = knee(option, value);
        kneeGiven = true;
      }
      case "--curve-seconds" -> stepSeconds = OptionalLong.of(Values.positive(option, value, 86_400));
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Once every option is read: refuses the curve's settings without a curve. */
  void finish(int rounds) {
    if (steps == null && kneeGiven) {
      throw UsageException.badValue("--curve-knee", num(kneeFactor), "only together with --curve");
    }
    if (steps == null && stepSeconds.isPresent()) {
      throw UsageException.badValue("--curve-seconds", Long.toString(stepSeconds.getAsLong()),
          "only together with --curve");
    }
    if (steps != null && rounds > 1) {
      throw UsageException.badValue("--rounds", Integer.toString(rounds), "a capacity curve (--curve) measures its"
          + " own steps; use 1, or run the suite again");
    }
  }

  /** Whether the run phases are measured as curves. */
  public boolean enabled() {
    return steps != null;
  }

  /** The open-loop steps as fractions of the saturation throughput, ascending, each in (0, 1]; empty: no curve. */
  public List<Double> fractions() {
    return steps == null ? List.of() : steps.stream().map(p -> p / 100).toList();
  }

  public double kneeFactor() {
    return kneeFactor;
  }

  /** {@code --curve-seconds}; empty: the saturation run's measured time, at least 5 s. */
  public OptionalLong stepSeconds() {
    return stepSeconds;
  }

  /** Parses a list of percentages, each above 0 and at most 100, distinct; returned ascending. */
  static List<Double> steps(String option, String value) {
    String allowed = "a comma-separated list of percentages of the saturation throughput, each above 0 and at"
        + " most 100 (a fraction in (0, 1]), none twice, e.g. 10,25,50,70,80,90,95,100";
    List<Double> out = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      String p = part.trim();
      if (p.endsWith("%")) {
        p = p.substring(0, p.length() - 1);
      }
      double d = PropertyValues.decimal(p).orElseThrow(
          () -> UsageException.badValue(option, value, "'" + part + "' is not a number; " + allowed));
      if (!(d > 0 && d <= 100)) {
        throw UsageException.badValue(option, value, "'" + part + "' is outside (0, 100]; " + allowed);
      }
      if (out.contains(d)) {
        throw UsageException.badValue(option, value, "'" + part + "' is given twice; " + allowed);
      }
      out.add(d);
    }
    out.sort(null);
    return List.copyOf(out);
  }

  private static double knee(String option, String value) {
    double d = PropertyValues.decimal(value).orElse(Double.NaN);
    if (d > 1 && d <= 1000) {
      return d;
    }
    throw UsageException.badValue(option, value, "a factor above 1 and at most 1000, e.g. 2 or 1.5");
  }

  private static String num(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%s", d);
  }
}
