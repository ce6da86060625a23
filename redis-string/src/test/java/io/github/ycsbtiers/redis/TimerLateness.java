package io.github.ycsbtiers.redis;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * What an ideal throttled client would see on this machine: a thread that issues nothing, only
 * wakes at fixed-rate due times (absolute, so that after a stall every operation due during it is
 * late, as intended latency counts them) and records how late it woke. Run beside a throttled
 * bin/ycsb, it measures the part of intended latency that comes from the machine (timer
 * wake-ups, a virtual CPU descheduled for milliseconds) and not from any client.
 */
final class TimerLateness implements AutoCloseable {
  private static final long TICK_NANOS = 200_000;
  private final Thread thread;
  private final long[] late = new long[600_000];
  private volatile boolean stop;
  private int count;

  private TimerLateness() {
    thread = new Thread(this::run, "timer-lateness");
    thread.setDaemon(true);
  }

  /** Starts waking every 200 us until closed. */
  static TimerLateness start() {
    TimerLateness t = new TimerLateness();
    t.thread.start();
    return t;
  }

  private void run() {
    long due = System.nanoTime();
    while (!stop && count < late.length) {
      due += TICK_NANOS;
      long now;
      while ((now = System.nanoTime()) < due) {
        LockSupport.parkNanos(due - now);
      }
      late[count++] = now - due;
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.join();
  }

  /** The 99th percentile lateness in microseconds; call after {@link #close}. */
  long p99Micros() {
    long[] sorted = Arrays.copyOf(late, count);
    Arrays.sort(sorted);
    return sorted.length == 0 ? 0 : sorted[sorted.length * 99 / 100] / 1000;
  }
}
