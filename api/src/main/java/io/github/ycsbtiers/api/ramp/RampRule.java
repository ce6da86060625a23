package io.github.ycsbtiers.api.ramp;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a connection ramp stops and which client count it keeps; the rule of both {@code bin/ycsb
 * -threads auto} and {@code bin/ycsb-suite --connections auto}.
 *
 * <p>Steps run closed-loop with 1, 2, 4, ... clients, doubling, the last one capped at the maximum. A
 * step that met the bound is <em>weak</em> when its throughput grew by less than {@code growth} over
 * the previous step's (a drop is weak, and so is a growth that cannot be computed because the previous
 * step measured no throughput); the first step is never weak. The ramp stops
 * <ul>
 * <li>after two weak steps in a row: one alone is often noise or a short plateau (a redis-server gave
 * 18,025 ops/s with 1 client, 19,024 with 2, +5.5%, and 57,803 with 32);
 * <li>at the first step that breaks the latency bound, if there is one;
 * <li>at the maximum.
 * </ul>
 * The chosen count is the fewest clients whose throughput is within {@value #NEAR_BEST_PERCENT}% of the
 * best step's among the steps that met the bound (a step without a throughput figure counts as the
 * worst): more clients for less than that much more throughput only lengthen the queue (a
 * redis-server gave 64 clients +0.9% over 32, at twice the latency), and no count tried within the
 * bound did more than that much better; 1 when the first step broke the bound. {@link #choice()}
 * says which step was best and why the chosen one was kept. Not thread-safe.
 */
public final class RampRule {
  public static final double DEFAULT_GROWTH = 0.10;
  public static final int DEFAULT_MAX_CLIENTS = 256;
  /** A step this close to the best step's throughput, in percent, is as good, and fewer clients are better. */
  public static final int NEAR_BEST_PERCENT = 5;

  /**
   * One step.
   *
   * @param clients the step's clients
   * @param throughput its measured operations per second
   * @param growth the throughput over the previous step's, less 1 (0.25: 25% more); NaN for the first
   *     step and after a step without a positive throughput
   * @param boundLatencyUs the bound's percentile of the step's latency; -1 without a bound or a figure
   * @param met whether the step met the bound; true without one
   * @param weak whether it met the bound and grew by less than the rule's growth over the previous step
   */
  public record Step(int clients, double throughput, double growth, double boundLatencyUs, boolean met,
      boolean weak) {
  }

  /**
   * A latency bound as the stop reason names it.
   *
   * @param text the bound, e.g. {@code op p99 < 1000 us}
   * @param percentile the measured percentile's name, e.g. {@code p99}
   */
  public record Bound(String text, String percentile) {
  }

  private final double growth;
  private final int maxClients;
  private final Bound bound;
  private final List<Step> steps = new ArrayList<>();
  private String stop;
  private int chosen;
  private String choice;

  /**
   * @param growth the least growth over the previous step for a step not to be weak, above 0 (0.10: 10%)
   * @param maxClients the most clients tried, at least 1
   * @param bound the latency bound each step must meet, or null
   */
  public RampRule(double growth, int maxClients, Bound bound) {
    if (!(growth > 0) || maxClients < 1) {
      throw new IllegalArgumentException("growth above 0 and at least one client: " + growth + ", " + maxClients);
    }
    this.growth = growth;
    this.maxClients = maxClients;
    this.bound = bound;
  }

  public boolean done() {
    return stop != null;
  }

  /** The next step's clients. */
  public int nextClients() {
    if (done()) {
      throw new IllegalStateException("the ramp is done: " + stop);
    }
    return steps.isEmpty() ? 1 : Math.min(maxClients, 2 * last().clients());
  }

  /**
   * Records the step just run at {@link #nextClients()}.
   *
   * @param throughput measured operations per second
   * @param boundLatencyUs the bound's percentile of the step's latency, -1 if unknown (ignored without a bound)
   * @param met whether the step met the bound (ignored without one)
   */
  public Step record(double throughput, double boundLatencyUs, boolean met) {
    int clients = nextClients();
    Step prev = steps.isEmpty() ? null : last();
    boolean ok = bound == null || met;
    double g = prev == null || !(prev.throughput() > 0) ? Double.NaN : throughput / prev.throughput() - 1;
    boolean weak = ok && prev != null && !(g >= growth);
    Step step = new Step(clients, throughput, g, bound == null ? -1 : boundLatencyUs, ok, weak);
    steps.add(step);
    if (!ok) {
      finish(String.format(Locale.ROOT, "%d clients broke %s (%s %s)%s", clients, bound.text(), bound.percentile(),
          boundLatencyUs >= 0 ? String.format(Locale.ROOT, "%.0f us", boundLatencyUs) : "unknown",
          prev == null ? ": no count met it, 1 is used" : ""));
    } else if (weak && prev.weak()) {
      int before = steps.get(steps.size() - 3).clients();
      finish(String.format(Locale.ROOT, "%d clients gave %s over %d and %d clients %s over %d (each less than %s%%)",
          prev.clients(), change(prev.growth()), before, clients, change(g), prev.clients(), pct(growth)));
    } else if (clients >= maxClients) {
      finish(weak ? String.format(Locale.ROOT, "reached the most clients tried, %d, which gave %s over %d (less than"
          + " %s%%)", maxClients, change(g), prev.clients(), pct(growth))
          : String.format(Locale.ROOT, "reached the most clients tried, %d, still growing", maxClients));
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

  /**
   * Which rule chose {@link #chosen()}, e.g. "the fewest clients within 5% of the best step's
   * throughput: 32 clients, 0.9% below 64's 52,343 ops/s"; null while the ramp runs.
   */
  public String choice() {
    return choice;
  }

  /** Why the ramp stopped; null while it runs. */
  public String stop() {
    return stop;
  }

  public List<Step> steps() {
    return List.copyOf(steps);
  }

  /** A fraction as a percentage without float noise: 0.1 gives {@code 10}, 0.125 gives {@code 12.5}. */
  public static String pct(double fraction) {
    return BigDecimal.valueOf(100 * fraction).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  private Step last() {
    return steps.get(steps.size() - 1);
  }

  private void finish(String why) {
    stop = why;
    Step best = null;
    for (Step s : steps) {
      if (s.met() && (best == null || rank(s) > rank(best))) {
        best = s;
      }
    }
    if (best == null) {
      chosen = 1;
      choice = "no step met the bound: 1 client";
      return;
    }
    Step kept = best;
    for (Step s : steps) {
      if (s.met() && s.clients() < kept.clients() && rank(s) >= (1 - NEAR_BEST_PERCENT / 100.0) * rank(best)) {
        kept = s;
      }
    }
    chosen = kept.clients();
    choice = kept == best
        ? String.format(Locale.ROOT, "the best step's throughput: %d clients, %,.0f ops/s (no fewer within %d%%)",
            best.clients(), best.throughput(), NEAR_BEST_PERCENT)
        : String.format(Locale.ROOT, "the fewest clients within %d%% of the best step's throughput: %d clients, "
            + "%.1f%% below %d's %,.0f ops/s", NEAR_BEST_PERCENT, kept.clients(),
            100 * (1 - kept.throughput() / best.throughput()), best.clients(), best.throughput());
  }

  private static double rank(Step s) {
    return Double.isNaN(s.throughput()) ? Double.NEGATIVE_INFINITY : s.throughput();
  }

  private static String change(double g) {
    return Double.isFinite(g) ? String.format(Locale.ROOT, "%s%.1f%%", g >= 0 ? "+" : "", 100 * g)
        : "no measurable growth";
  }
}
