package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.suite.scenario.Scenario;
import io.github.ycsbtiers.suite.search.Slo;

/**
 * The latency-bound search's options: {@code --slo} (the bound each run phase's highest
 * {@code -target} must meet) and {@code --slo-precision}. Filled by {@link SuiteOptions}' parser;
 * read-only outside this package.
 */
public final class SearchOptions {
  public static final double DEFAULT_PRECISION_PERCENT = 5;
  static final String USAGE = String.join("\n",
      "  --slo BOUND          find each run phase's highest -target meeting a latency bound, e.g. 'p99<1ms',",
      "                       'p99.9<5ms', 'op:p99<1ms' (intended latency unless op: is given)",
      "  --slo-precision PCT  the search's precision in percent of the rate (default " + DEFAULT_PRECISION_PERCENT
          + ")");

  private Slo slo;
  private double precisionPercent = DEFAULT_PRECISION_PERCENT;
  private boolean precisionGiven;

  /** Reads option {@code option} with its value if it is one of these; false if it is not. */
  boolean take(String option, String value) {
    switch (option) {
      case "--slo" -> {
        try {
          slo = Slo.parse(value);
        } catch (IllegalArgumentException e) {
          throw UsageException.badValue(option, value, e.getMessage());
        }
      }
      case "--slo-precision" -> {
        precisionPercent = percent(option, value);
        precisionGiven = true;
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /**
   * Once every option is read: refuses a precision without a search, and takes the scenario's default
   * bound unless a rate profile ({@code profiled}) replaces the search.
   */
  void finish(Scenario scenario, boolean profiled) {
    if (precisionGiven && slo == null && (scenario.defaultSlo() == null || profiled)) {
      throw UsageException.badValue("--slo-precision", String.valueOf(precisionPercent), "only together with --slo");
    }
    if (slo == null && scenario.defaultSlo() != null && !profiled) {
      slo = Slo.parse(scenario.defaultSlo());
    }
  }

  /** {@code --slo}, else the scenario's default bound; null: no search. */
  public Slo slo() {
    return slo;
  }

  /** {@code --slo-precision} as a fraction (0.05 for the default 5%). */
  public double precision() {
    return precisionPercent / 100;
  }

  private static double percent(String option, String value) {
    String v = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
    double d = PropertyValues.decimal(v).orElse(Double.NaN);
    if (d > 0 && d <= 50) {
      return d;
    }
    throw UsageException.badValue(option, value, "a percentage above 0 and at most 50, e.g. 5 or 2.5%");
  }
}
