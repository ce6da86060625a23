package io.github.ycsbtiers.suite.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search for the highest {@code -target} whose measured phase meets a bound. The first step
 * runs unthrottled: its throughput is the ceiling, and if it meets the bound the ceiling is the
 * answer. Otherwise the rate is bisected between the highest rate that met the bound (0 at first)
 * and the lowest that did not (the ceiling at first) until they are within {@code precision} of the
 * upper one; the answer is the highest rate that met. A throttled step meets the bound when its
 * latency is below it and it reached at least {@link #RATE_TOLERANCE} of its rate (a client that
 * cannot issue at the rate has not shown the store sustains it). Not thread-safe.
 */
public final class Bisection {
  /** A throttled step must reach this share of its -target to count. */
  public static final double RATE_TOLERANCE = 0.9;
  /** Below this share of the ceiling the search gives up: nothing useful meets the bound. */
  static final double FLOOR_SHARE = 0.01;
  /** Steps at most, ceiling included. */
  public static final int MAX_STEPS = 16;

  private final Slo slo;
  private final double precision;
  private final List<SearchStep> steps = new ArrayList<>();
  private double ceiling = -1;
  private double low;
  private double high;
  private String stop;

  /**
   * @param slo the bound
   * @param precision the relative width at which to stop, above 0 and below 1 (0.05: 5%)
   */
  public Bisection(Slo slo, double precision) {
    if (!(precision > 0 && precision < 1)) {
      throw new IllegalArgumentException("precision must be above 0 and below 1: " + precision);
    }
    this.slo = slo;
    this.precision = precision;
  }

  /** Whether the search has its answer (or has given up). */
  public boolean done() {
    return stop != null;
  }

  /** The -target of the next step in operations per second, a whole number; 0 for the unthrottled ceiling run. */
  public long nextRate() {
    if (done()) {
      throw new IllegalStateException("the search is done: " + stop);
    }
    return ceiling < 0 ? 0 : Math.max(1, Math.round((low + high) / 2));
  }

  /**
   * Records the step just run at {@link #nextRate()}.
   *
   * @param throughput measured operations per second
   * @param latencyUs the bound's percentile of the bound's latency
   * @param opP99Us the op p99, kept for the report
   * @param hitRatio the memory tier's hit ratio over the step, kept for the report; null when unknown
   * @param hitSource what the hit ratio is ({@link SearchStep#hitSource}: "TIER", "INFO"), or null
   * @param report the phase's raw report file
   * @return the step as recorded
   */
  public SearchStep record(double throughput, double latencyUs, double opP99Us, Double hitRatio, String hitSource,
      String report) {
    long rate = nextRate();
    SearchStep step = judge(slo, steps.size() + 1, rate, throughput, latencyUs, opP99Us, hitRatio, hitSource, report);
    steps.add(step);
    if (rate == 0) {
      ceiling = throughput;
      if (step.met() || ceiling <= 0) {
        stop = step.met() ? "the unthrottled run met the bound: the ceiling is the answer"
            : "the unthrottled run did no operations";
        return step;
      }
      low = 0;
      high = ceiling;
    } else if (step.met()) {
      low = rate;
    } else {
      high = rate;
    }
    checkStop();
    return step;
  }

  /**
   * A search that goes on from steps run elsewhere (a capacity curve's): {@code done} starts with
   * the unthrottled ceiling run, and the bisection continues between {@code low}, the highest rate
   * among them that met the bound (0: none), and {@code high}, the next rate above it that did not
   * (the ceiling when none did). The steps keep their numbers; the search's own follow them.
   */
  public static Bisection after(Slo slo, double precision, List<SearchStep> done, double low, double high) {
    if (done.isEmpty() || !done.get(0).ceiling()) {
      throw new IllegalArgumentException("the steps must start with the unthrottled run");
    }
    Bisection b = new Bisection(slo, precision);
    b.steps.addAll(done);
    SearchStep first = done.get(0);
    b.ceiling = first.throughput();
    if (first.met() || b.ceiling <= 0) {
      b.stop = first.met() ? "the unthrottled run met the bound: the ceiling is the answer"
          : "the unthrottled run did no operations";
      return b;
    }
    b.low = low;
    b.high = high;
    b.checkStop();
    return b;
  }

  /**
   * A step at {@code rate} already run, judged as {@link #record} judges a step but not used to
   * narrow a search (a curve's steps, before {@link #after}).
   */
  public static SearchStep judge(Slo slo, int number, long rate, double throughput, double latencyUs, double opP99Us,
      Double hitRatio, String hitSource, String report) {
    boolean fast = latencyUs >= 0 && slo.met(latencyUs);
    boolean reached = rate == 0 || throughput >= RATE_TOLERANCE * rate;
    String why = String.format(Locale.ROOT, "%s %.0f us %s %.0f us", slo.percentileName(), latencyUs,
        fast ? "<" : ">=", slo.boundUs())
        + (reached ? "" : String.format(Locale.ROOT, "; reached %.0f of %d ops/s (< %.0f%%)", throughput, rate,
            100 * RATE_TOLERANCE));
    return new SearchStep(number, rate, throughput, latencyUs, opP99Us, hitRatio, hitSource, fast && reached, why,
        report);
  }

  private void checkStop() {
    if (low > 0 && high - low <= precision * high) {
      stop = String.format(Locale.ROOT, "within %.1f%%: %d ops/s met the bound, %d ops/s did not",
          100 * precision, Math.round(low), Math.round(high));
    } else if (low == 0 && high < FLOOR_SHARE * ceiling) {
      stop = String.format(Locale.ROOT, "no rate met the bound down to %.0f ops/s (%.0f%% of the ceiling)", high,
          100 * FLOOR_SHARE);
    } else if (steps.size() >= MAX_STEPS) {
      stop = "stopped after " + MAX_STEPS + " steps";
    } else if (Math.round((low + high) / 2) <= Math.round(low) || Math.round((low + high) / 2) >= Math.round(high)) {
      stop = String.format(Locale.ROOT, "rates %d and %d ops/s are adjacent", Math.round(low), Math.round(high));
    }
  }

  /** The outcome; call once {@link #done()}. */
  public SearchOutcome outcome(String target, String group, String phase) {
    SearchStep chosen = null;
    for (SearchStep s : steps) {
      if (s.met() && (chosen == null || s.ceiling() || !chosen.ceiling() && s.targetRate() > chosen.targetRate())) {
        chosen = s;
      }
    }
    String verdict = chosen == null ? "no rate met " + slo.describe() + " (" + stop + ")"
        : String.format(Locale.ROOT, "%,.0f ops/s meets %s (%s)", chosen.ceiling() ? chosen.throughput()
            : chosen.targetRate(), slo.describe(), stop);
    return new SearchOutcome(target, group, phase, slo, precision, steps, chosen, verdict);
  }

  public List<SearchStep> steps() {
    return List.copyOf(steps);
  }
}
