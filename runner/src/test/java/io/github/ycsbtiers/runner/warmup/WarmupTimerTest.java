package io.github.ycsbtiers.runner.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.config.WarmupOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timer on a simulated clock: waits advance it, operations and compilation follow it. */
class WarmupTimerTest {
  private static final long S = 1_000_000_000L;

  /** A clock that the waits move; ops at a steady 1000/s; the JIT busy until {@code quietAfter} s. */
  private static final class World implements WarmupTimer.EarlyEnd {
    long now = 5 * S;
    final long start = now;
    final long quietAfterSeconds;
    final List<Long> waits = new ArrayList<>();
    String endAt;
    long endAtNanos = Long.MAX_VALUE;

    World(long quietAfterSeconds) {
      this.quietAfterSeconds = quietAfterSeconds;
    }

    long ops() {
      return (now - start) / 1_000_000;
    }

    long jit() {
      long seconds = (now - start) / S;
      return 100 * Math.min(seconds, quietAfterSeconds);
    }

    @Override
    public String await(long nanos) {
      waits.add(nanos);
      if (now + nanos >= endAtNanos) {
        now = endAtNanos;
        return endAt;
      }
      now += nanos;
      return null;
    }

    WarmupTimer timer(WarmupOptions options) {
      return new WarmupTimer(options, this::ops, this::jit, () -> now);
    }
  }

  @Test
  void fixedWaitsItsSeconds() throws InterruptedException {
    World w = new World(0);
    assertEquals("warmuptime=7 s elapsed", w.timer(WarmupOptions.fixed(7)).awaitEnd(w));
    assertEquals(7 * S, w.now - w.start);
  }

  @Test
  void fixedEndsEarlyWhenTheClientsEndIt() throws InterruptedException {
    World w = new World(0);
    w.endAt = "half of the records";
    w.endAtNanos = w.start + 2 * S;
    assertEquals("half of the records", w.timer(WarmupOptions.fixed(30)).awaitEnd(w));
  }

  @Test
  void autoSamplesEverySecondUntilTheJitGoesQuiet() throws InterruptedException {
    World w = new World(6);
    String reason = w.timer(WarmupOptions.auto(60)).awaitEnd(w);
    assertTrue(reason.startsWith("warmuptime=auto: settled: JIT compiled for 0 ms"), reason);
    assertEquals(7 * S, w.now - w.start, "the first quiet second is the 7th");
    assertTrue(w.waits.stream().allMatch(n -> n == S), "one sample a second: " + w.waits);
  }

  @Test
  void autoStopsAtItsCap() throws InterruptedException {
    World w = new World(1000);
    String reason = w.timer(WarmupOptions.auto(10)).awaitEnd(w);
    assertTrue(reason.startsWith("warmuptime=auto: the 10 s cap of warmuptime=auto was reached"), reason);
    assertEquals(10 * S, w.now - w.start);
  }

  @Test
  void endLineSaysWhatWasNotMeasured() {
    assertEquals("Warm-up ended after 4.2 s and 1234 operations (not measured): why",
        WarmupTimer.endLine(4200, 1234, "why"));
  }
}
