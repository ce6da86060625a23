package io.github.ycsbtiers.suite.ramp;

import io.github.ycsbtiers.suite.search.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ramp's rule: closed-loop steps of 1, 2, 4, ... logical clients (doubling, up to a maximum),
 * stopping at the first step whose throughput grew by less than {@code growth} over the previous
 * step's (default {@link #DEFAULT_GROWTH}: 10%), or, with a latency bound, at the first step that
 * broke it. The chosen count is the step before the one that stopped the ramp: doubling past it
 * bought less than {@code growth} more (so its throughput is at least 1 / (1 + growth) of any count
 * tried: every earlier step grew by at least {@code growth}), or broke the bound. A ramp that reaches
 * the maximum still growing chooses the maximum; one whose first step breaks the bound chooses 1
 * and says so. Not thread-safe.
 */
public final class Ramp {
  public static final double DEFAULT_GROWTH = 0.10;
  public static final int DEFAULT_MAX_CLIENTS = 256;
  private final double growth;
  private final int maxClients;
  private final Slo slo;
  private final List<RampStep> steps = new ArrayList<>();
  private String stop;
  private int chosen;

  /**
   * @param growth the least growth per doubling that goes on, above 0 (0.10: 10%)
   * @param maxClients the most clients tried, at least 1
   * @param slo a latency bound each step must meet, or null
   */
  public Ramp(double growth, int maxClients, Slo slo) {
    if (!(growth > 0) || maxClients < 1) {
      throw new IllegalArgumentException("growth above 0 and at least one client: " + growth + ", " + maxClients);
    }
    this.growth = growth;
    this.maxClients = maxClients;
    this.slo = slo;
  }

  public boolean done() {
    return stop != null;
  }

  /** The next step's clients. */
  public int nextClients() {
    if (done()) {
      throw new IllegalStateException("the ramp is done: " + stop);
    }
    return steps.isEmpty() ? 1 : Math.min(maxClients, 2 * steps.get(steps.size() - 1).clients());
  }

  /**
   * Records the step just run at {@link #nextClients()}.
   *
   * @param throughput measured operations per second
   * @param p99Us the step's p99 (-1: unknown)
   * @param boundLatencyUs the bound's percentile of the bound's latency (ignored without a bound)
   * @param report the step's raw report
   */
  public RampStep record(double throughput, double p99Us, double boundLatencyUs, String report) {
    int clients = nextClients();
    RampStep prev = steps.isEmpty() ? null : steps.get(steps.size() - 1);
    double g = prev == null || !(prev.throughput() > 0) ? Double.NaN : throughput / prev.throughput() - 1;
    boolean met = slo == null || boundLatencyUs >= 0 && slo.met(boundLatencyUs);
    RampStep step = new RampStep(clients, throughput, g, p99Us, slo == null ? -1 : boundLatencyUs, met, report);
    steps.add(step);
    if (!met) {
      chosen = prev == null ? clients : prev.clients();
      stop = String.format(Locale.ROOT, "%d clients broke %s (%s %.0f us)%s", clients, slo.describe(),
          slo.percentileName(), boundLatencyUs, prev == null ? ": no count met it, 1 is used" : "");
    } else if (prev != null && !(g >= growth)) {
      chosen = prev.clients();
      stop = String.format(Locale.ROOT, "%d clients gave %s%.1f%% over %d (less than %s%%)", clients, g >= 0 ? "+" : "",
          100 * g, prev.clients(), pct(growth));
    } else if (clients >= maxClients) {
      chosen = clients;
      stop = String.format(Locale.ROOT, "reached the most clients tried, %d, still growing", maxClients);
    }
    return step;
  }

  /** The chosen count; call once {@link #done()}. */
  public int chosen() {
    if (!done()) {
      throw new IllegalStateException("the ramp is not done");
    }
    return chosen;
  }

  /** Why the ramp stopped; null while it runs. */
  public String stop() {
    return stop;
  }

  public List<RampStep> steps() {
    return List.copyOf(steps);
  }

  /** The outcome; call once {@link #done()}. */
  public RampOutcome outcome(String target, String group, String phase) {
    return new RampOutcome(target, group, phase, growth, slo, steps, chosen(),
        String.format(Locale.ROOT, "%d clients (%s)", chosen, stop));
  }

  /** A fraction as a percentage without float noise: 0.1 gives {@code 10}, 0.125 gives {@code 12.5}. */
  public static String pct(double fraction) {
    return java.math.BigDecimal.valueOf(100 * fraction).round(new java.math.MathContext(6)).stripTrailingZeros()
        .toPlainString();
  }
}
