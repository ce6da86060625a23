package io.github.ycsbtiers.runner.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SettleDetectorTest {
  private static final long S = 1_000_000_000L;

  /** Feeds one sample per second: cumulative ops and JIT ms; returns the second it ended, or -1. */
  private static int endsAt(SettleDetector d, long[] ops, long[] jit) {
    for (int i = 0; i < ops.length; i++) {
      if (d.sample(i * S, ops[i], jit[i]) != null) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void endsWhenTheJitIsQuietAndThroughputSteady() {
    // throughput climbs 10k, 30k, 50k, then holds 60k; the JIT compiles 400, 200, 80, 20, 3, 2 ms a second
    long[] ops = {0, 10_000, 40_000, 90_000, 150_000, 210_000, 270_000, 330_000};
    long[] jit = {100, 500, 700, 780, 800, 803, 805, 806};
    assertEquals(5, endsAt(new SettleDetector(60), ops, jit));
  }

  @Test
  void aBusyJitKeepsItGoingEvenAtASteadyRate() {
    long[] ops = {0, 50_000, 100_000, 150_000, 200_000, 250_000};
    long[] jit = {0, 100, 200, 300, 400, 500};
    assertEquals(-1, endsAt(new SettleDetector(60), ops, jit));
  }

  @Test
  void aChangingRateKeepsItGoingEvenWithAQuietJit() {
    long[] ops = {0, 10_000, 30_000, 60_000, 100_000, 150_000};
    long[] jit = {0, 1, 2, 3, 4, 5};
    assertEquals(-1, endsAt(new SettleDetector(60), ops, jit));
  }

  @Test
  void neverBeforeThreeSeconds() {
    long[] ops = {0, 50_000, 100_000, 150_000};
    long[] jit = {0, 0, 0, 0};
    assertEquals(3, endsAt(new SettleDetector(60), ops, jit));
  }

  @Test
  void stopsAtTheCapAndNamesWhatHadNotSettled() {
    SettleDetector d = new SettleDetector(3);
    assertNull(d.sample(0, 0, 0));
    assertNull(d.sample(S, 10_000, 50));
    assertNull(d.sample(2 * S, 30_000, 100));
    String reason = d.sample(3 * S, 60_000, 150);
    assertTrue(reason.startsWith("the 3 s cap of warmuptime=auto was reached before it settled (JIT compiled for 50 ms"
        + " in the last second, the last two one-second throughputs (20000, 30000 ops/sec) differ by 33.3%)"), reason);
  }

  @Test
  void withoutCompilationMonitoringItJudgesThroughputAndSaysSo() {
    SettleDetector d = new SettleDetector(60);
    String reason = null;
    for (int i = 0; i <= 3 && reason == null; i++) {
      reason = d.sample(i * S, i * 1000L, -1);
    }
    assertEquals("settled: JIT compilation time not monitored by this JVM, the last two one-second throughputs "
        + "(1000, 1000 ops/sec) differ by 0.0%", reason);
  }

  @Test
  void secondsWithoutACompletionAreNotSteady() {
    long[] ops = {0, 0, 0, 0, 0};
    long[] jit = {0, 0, 0, 0, 0};
    assertEquals(-1, endsAt(new SettleDetector(60), ops, jit));
  }
}
