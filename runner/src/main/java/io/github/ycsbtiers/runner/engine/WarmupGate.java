package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.warmup.WarmupTimer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The hand-over from warm-up to measurement, shared by the clients of one run. Clients run
 * warm-up operations while {@link #takeOp} allows, finish what they have in flight, then
 * {@link #arriveAndAwaitMeasured arrive} and wait; once every client has arrived the phase switches
 * the measurements and {@link #release releases} them with the number of operations to measure.
 * While they wait no operation is in flight, so nothing of the warm-up reaches a measured section.
 *
 * <p>A Load's warm-up inserts come out of the key range; it may take at most half of the records,
 * so that the measured part is never empty of them (and every record is still inserted once).
 */
final class WarmupGate implements WarmupTimer.EarlyEnd {
  private static final long STOP_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final StopSignal stop;
  /** Warm-up operations still allowed; null when unlimited (run phases). */
  private final AtomicLong budget;
  private final CountDownLatch ended = new CountDownLatch(1);
  private final CountDownLatch arrived;
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile boolean warmingUp = true;
  private volatile String endReason;
  private long measuredOperations;

  /**
   * @param clients how many clients will arrive
   * @param budget the most warm-up operations, or -1 for no limit
   */
  WarmupGate(StopSignal stop, int clients, long budget) {
    this.stop = stop;
    this.arrived = new CountDownLatch(clients);
    this.budget = budget < 0 ? null : new AtomicLong(budget);
  }

  boolean isWarmingUp() {
    return warmingUp;
  }

  /** Claims one warm-up operation; false once the warm-up is over (or its budget is spent). */
  boolean takeOp() {
    if (!warmingUp) {
      return false;
    }
    if (budget == null || budget.getAndDecrement() > 0) {
      return true;
    }
    end("half of the records to load were inserted (a Load's warm-up takes at most half)");
    return false;
  }

  /** Ends the warm-up; the first reason given is kept. */
  synchronized void end(String reason) {
    if (warmingUp) {
      endReason = reason;
      warmingUp = false;
      ended.countDown();
    }
  }

  /**
   * A gate that stays open: the measured phase and a run without warm-up go through one like
   * the warm-up went through its own, so both run the same compiled code (a branch the warm-up
   * never took would be compiled out, and the measured phase would start by deoptimising it).
   */
  static WarmupGate alwaysOpen() {
    return new WarmupGate(() -> false, 0, -1);
  }

  @Override
  public String await(long nanos) throws InterruptedException {
    long deadline = System.nanoTime() + nanos;
    long left = nanos;
    while (true) {
      if (ended.await(Math.min(left, STOP_POLL_NANOS), TimeUnit.NANOSECONDS)) {
        return endReason;
      }
      if (stop.isStopRequested()) {
        end("the run was stopped");
        return endReason;
      }
      left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
    }
  }

  /** A client that will run no more operations (done, failed or stopped) and does not wait. */
  void leave() {
    arrived.countDown();
  }

  /**
   * Arrives with nothing in flight and waits for the measured phase.
   *
   * @return operations to measure in all (split among clients as the engine does), valid once
   *     released; the caller checks its stop signal itself
   */
  long arriveAndAwaitMeasured() throws InterruptedException {
    arrived.countDown();
    released.await();
    return measuredOperations;
  }

  void awaitArrivals() throws InterruptedException {
    arrived.await();
  }

  /** Lets every client into the measured phase; {@code operations} to measure in all. */
  void release(long operations) {
    this.measuredOperations = operations;
    released.countDown();
  }
}
