package io.github.ycsbtiers.runner.ramp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a ramp stops: steps of 1, 2, 4, ... clients (doubling, up to a maximum) stop at the first
 * whose throughput grew by less than {@code growth} over the previous step's, or that broke the
 * latency bound. The chosen count is the step before it (at least 1 / (1 + growth) of the best
 * throughput tried, since every earlier step grew by at least {@code growth}); the maximum when the
 * ramp never stopped. The same rule as the suite's {@code --connections auto} (which cannot share
 * this class: the suite never depends on the runner). Not thread-safe.
 */
public final class RampRule {
  /** One step: its clients, throughput, growth over the previous (NaN for the first), bound latency, met. */
  public record Step(int clients, double throughput, double growth, double boundLatencyUs, boolean met) {
  }

  private final double growth;
  private final int maxClients;
  private final List<Step> steps = new ArrayList<>();
  private String stop;
  private int chosen;

  public RampRule(double growth, int maxClients) {
    if (!(growth > 0) || maxClients < 1) {
      throw new IllegalArgumentException("growth above 0 and at least one client: " + growth + ", " + maxClients);
    }
    this.growth = growth;
    this.maxClients = maxClients;
  }

  public boolean done() {
    return stop != null;
  }

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
   * @param boundLatencyUs the bound's percentile (-1: no bound)
   * @param met whether the step met the bound (true without one)
   */
  public Step record(double throughput, double boundLatencyUs, boolean met) {
    int clients = nextClients();
    Step prev = steps.isEmpty() ? null : steps.get(steps.size() - 1);
    double g = prev == null || !(prev.throughput() > 0) ? Double.NaN : throughput / prev.throughput() - 1;
    Step step = new Step(clients, throughput, g, boundLatencyUs, met);
    steps.add(step);
    if (!met) {
      chosen = prev == null ? clients : prev.clients();
      stop = String.format(Locale.ROOT, "%d clients broke the bound (%.0f us)%s", clients, boundLatencyUs,
          prev == null ? "; no count met it, 1 is used" : "");
    } else if (prev != null && !(g >= growth)) {
      chosen = prev.clients();
      stop = String.format(Locale.ROOT, "%d clients gave %s%.1f%% over %d (less than %s%%)", clients,
          g >= 0 ? "+" : "", 100 * g, prev.clients(), pct(growth));
    } else if (clients >= maxClients) {
      chosen = clients;
      stop = "reached the most clients tried, " + maxClients + ", still growing";
    }
    return step;
  }

  public int chosen() {
    if (!done()) {
      throw new IllegalStateException("the ramp is not done");
    }
    return chosen;
  }

  public String stop() {
    return stop;
  }

  public List<Step> steps() {
    return List.copyOf(steps);
  }

  static String pct(double fraction) {
    return java.math.BigDecimal.valueOf(100 * fraction).round(new java.math.MathContext(6)).stripTrailingZeros()
        .toPlainString();
  }
}
