package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.time.Duration;
import java.util.List;

/**
 * Progress lines: phase i of n, target, elapsed time and an ETA. The ETA spreads the time taken
 * so far over the operations done, each phase also counting a fixed start-up cost (a JVM per phase).
 * A run phase that runs several times (a capacity curve's saturation run and steps) weighs as many
 * times as it runs ({@link #runPhaseRuns}).
 */
final class Progress {
  private static final long STARTUP_WEIGHT = 20_000;
  private final long started = System.nanoTime();
  private final long totalWeight;
  /** With --curve and --slo: the bisection steps expected after a curve's steps (a bracket of one step's width). */
  static final int CURVE_SEARCH_STEPS = 2;
  private final int runPhaseRuns;
  private long doneWeight;

  Progress(List<PhaseSpec> phases) {
    this(phases, 1);
  }

  /** {@code runPhaseRuns}: the processes each run phase takes ({@link #runPhaseRuns}). */
  Progress(List<PhaseSpec> phases, int runPhaseRuns) {
    this.runPhaseRuns = runPhaseRuns;
    this.totalWeight = phases.stream().mapToLong(this::weightOf).sum();
  }

  /**
   * The processes one run phase takes: 1, or with {@code --curve} the saturation run and one per
   * step (each step measures the saturation run's time, so each weighs about as much), and
   * with {@code --slo} as well {@link #CURVE_SEARCH_STEPS} more; with {@code --connections auto} as
   * well the ramp's most steps (an upper bound: a ramp usually stops sooner). A search alone counts as 1.
   */
  static int runPhaseRuns(SuiteOptions options) {
    int ramp = options.ramp().enabled() ? options.ramp().maxSteps() : 0;
    if (!options.curve().enabled()) {
      return 1 + ramp;
    }
    return 1 + ramp + options.curve().fractions().size() + (options.slo() != null ? CURVE_SEARCH_STEPS : 0);
  }

  static long weight(PhaseSpec p) {
    return p.operations() + STARTUP_WEIGHT;
  }

  private long weightOf(PhaseSpec p) {
    return weight(p) * (p.load() ? 1 : runPhaseRuns);
  }

  void done(PhaseSpec p) {
    doneWeight += weightOf(p);
  }

  /** The share of the run's weight done so far, what the ETA extrapolates from. */
  double doneShare() {
    return totalWeight == 0 ? 1 : (double) doneWeight / totalWeight;
  }

  Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - started);
  }

  String line(int index, int count, String target, PhaseSpec p) {
    String eta = doneWeight == 0 ? "?" : clock(Duration.ofMillis(
        (long) (elapsed().toMillis() * (double) (totalWeight - doneWeight) / doneWeight)));
    return String.format("[%d/%d] %s: %s %s (%s)  elapsed %s, ETA %s", index, count, target,
        p.group(), p.phase(), p.extent(), clock(elapsed()), eta);
  }

  static String clock(Duration d) {
    long s = d.toSeconds();
    return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format("%d:%02d", s / 60, s % 60);
  }
}
