package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.time.Duration;
import java.util.List;

/**
 * Progress lines: phase i of n, target, elapsed time and an ETA. The ETA spreads the time taken
 * so far over the operations done, each phase also counting a fixed start-up cost (a JVM per phase).
 */
final class Progress {
  private static final long STARTUP_WEIGHT = 20_000;
  private final long started = System.nanoTime();
  private final long totalWeight;
  private long doneWeight;

  Progress(List<PhaseSpec> phases) {
    this.totalWeight = phases.stream().mapToLong(Progress::weight).sum();
  }

  static long weight(PhaseSpec p) {
    return p.operations() + STARTUP_WEIGHT;
  }

  void done(PhaseSpec p) {
    doneWeight += weight(p);
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
