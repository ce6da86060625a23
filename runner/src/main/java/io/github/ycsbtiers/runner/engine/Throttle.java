package io.github.ycsbtiers.runner.engine;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Spaces one client's operations evenly to meet its share of {@code -target}, as upstream's
 * ClientThread does: operation n is due at start + n * tick, and that due time is the intended
 * start used for intended latency.
 */
final class Throttle {
  private final long tickNanos;
  private long startNanos;

  /** @param opsPerMilli this client's share of the target in operations per millisecond */
  Throttle(double opsPerMilli) {
    this.tickNanos = Math.max(1, (long) (1_000_000 / opsPerMilli));
  }

  /** A throttle at the same rate whose schedule has not started. */
  Throttle copy() {
    return new Throttle(tickNanos);
  }

  private Throttle(long tickNanos) {
    this.tickNanos = tickNanos;
  }

  /**
   * Staggers clients so they do not all fire at once, then starts the schedule. Upstream staggers
   * only ticks of 1 ms or more; shorter ones too, since clients that start together stay in step
   * and turn a fixed rate into bursts of one operation per client.
   */
  void start() {
    sleepUntil(System.nanoTime() + ThreadLocalRandom.current().nextLong(tickNanos));
    startNanos = System.nanoTime();
  }

  /**
   * Starts the schedule without blocking, for the {@code async} engine: the client begins at a
   * random point of its first tick instead of sleeping there.
   */
  void startAt(long nowNanos) {
    startNanos = nowNanos + ThreadLocalRandom.current().nextLong(tickNanos);
  }

  /** When operation number {@code opsDone} (counted from 0) is due. */
  long dueNanos(long opsDone) {
    return startNanos + opsDone * tickNanos;
  }

  /** Waits until operation number {@code opsDone} is due and returns that due time. */
  long awaitNext(long opsDone, StopSignal stop) {
    long deadline = dueNanos(opsDone);
    while (!stop.isStopRequested()) {
      long wait = deadline - System.nanoTime();
      if (wait <= 0) {
        break;
      }
      LockSupport.parkNanos(Math.min(wait, 100_000_000L));
    }
    return deadline;
  }

  private static void sleepUntil(long deadline) {
    long wait;
    while ((wait = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
    }
  }
}
