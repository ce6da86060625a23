package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.api.ramp.RampRule;

/**
 * The connection ramp's options: {@code --connections auto} (find each run phase's client count by a
 * closed-loop ramp of 1, 2, 4, ... logical clients), {@code --ramp-growth PCT} (the growth below which
 * a step is weak; two weak steps in a row stop the ramp, see {@link RampRule}), {@code --ramp-max N}
 * (the most clients tried) and {@code --ramp-seconds S} (each step's measured time). Filled by {@link
 * SuiteOptions}' parser; read-only outside this package.
 */
public final class RampOptions {
  public static final double DEFAULT_GROWTH_PERCENT = 100 * RampRule.DEFAULT_GROWTH;
  public static final int DEFAULT_MAX_CLIENTS = RampRule.DEFAULT_MAX_CLIENTS;
  public static final long DEFAULT_STEP_SECONDS = 5;
  static final String USAGE = String.join("\n",
      "  --connections auto   find each run phase's logical clients (connections on a server): closed-loop steps of",
      "                       1, 2, 4, ... clients until two steps in a row each grow throughput by less than",
      "                       --ramp-growth (or --slo breaks); the best step's count is kept",
      "  --ramp-growth PCT    a step growing throughput by less than PCT percent is weak (default "
          + (long) DEFAULT_GROWTH_PERCENT + ")",
      "  --ramp-max N         the most clients the ramp tries (default " + DEFAULT_MAX_CLIENTS + ")",
      "  --ramp-seconds S     each ramp step measures S seconds (default " + DEFAULT_STEP_SECONDS + ")");

  private boolean enabled;
  private double growthPercent = DEFAULT_GROWTH_PERCENT;
  private int maxClients = DEFAULT_MAX_CLIENTS;
  private long stepSeconds = DEFAULT_STEP_SECONDS;
  private String given;

  /** Reads option {@code option} with its value if it is one of these; false if it is not. */
  boolean take(String option, String value) {
    switch (option) {
      case "--connections" -> {
        if (!value.equals("auto")) {
          throw UsageException.badValue(option, value, "auto (a ramp of logical clients); for a fixed count use"
              + " --threads N");
        }
        enabled = true;
      }
      case "--ramp-growth" -> {
        growthPercent = growth(option, value);
        given = option + " " + value;
      }
      case "--ramp-max" -> {
        maxClients = (int) Values.positive(option, value, 10_000);
        given = option + " " + value;
      }
      case "--ramp-seconds" -> {
        stepSeconds = Values.positive(option, value, 86_400);
        given = option + " " + value;
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  /** Once every option is read: refuses ramp settings without a ramp, and a ramp with a fixed --threads. */
  void finish(boolean threadsGiven, int threads) {
    if (!enabled && given != null) {
      int space = given.indexOf(' ');
      throw UsageException.badValue(given.substring(0, space), given.substring(space + 1),
          "only together with --connections auto");
    }
    if (enabled && threadsGiven) {
      throw UsageException.badValue("--threads", Integer.toString(threads), "--connections auto finds the count;"
          + " give one or the other");
    }
  }

  public boolean enabled() {
    return enabled;
  }

  /** The growth below which a step is weak, as a fraction (0.10). */
  public double growth() {
    return growthPercent / 100;
  }

  public int maxClients() {
    return maxClients;
  }

  public long stepSeconds() {
    return stepSeconds;
  }

  /** The most steps a ramp runs: 1, 2, 4, ... up to the maximum. */
  public int maxSteps() {
    int steps = 1;
    for (int n = 1; n < maxClients; n *= 2) {
      steps++;
    }
    return steps;
  }

  private static double growth(String option, String value) {
    String v = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
    double d = PropertyValues.decimal(v).orElse(Double.NaN);
    if (d > 0 && d <= 1000) {
      return d;
    }
    throw UsageException.badValue(option, value, "a percentage above 0 and at most 1000, e.g. 10 or 25%");
  }
}
