package io.github.ycsbtiers.runner.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code minexecutiontime}: how long the measured phase lasts at least. A client that has done its
 * share of {@code operationcount} asks {@link #holds} before each further operation; the clock starts
 * when the first client asks (the first client to finish its share, so no operation pays for it
 * before then), counted from the measured phase's start. One per phase, shared by its clients.
 */
final class MinimumDuration {
  static final MinimumDuration NONE = new MinimumDuration(0);

  private final long nanos;
  private final AtomicLong deadline = new AtomicLong();

  private MinimumDuration(long nanos) {
    this.nanos = nanos;
  }

  /** {@code seconds} from {@code measuredStartNanos} on, which {@link #start} sets; none for 0. */
  static MinimumDuration of(long seconds) {
    return seconds <= 0 ? NONE : new MinimumDuration(TimeUnit.SECONDS.toNanos(seconds));
  }

  /** The measured phase starts now (at the release after a warm-up, or at the phase's start). */
  void start(long nowNanos) {
    if (nanos > 0) {
      deadline.compareAndSet(0, nowNanos + nanos);
    }
  }

  /** Whether the phase must go on; only asked once a client has done its share. */
  boolean holds() {
    if (nanos == 0) {
      return false;
    }
    long d = deadline.get();
    return d == 0 || System.nanoTime() - d < 0;
  }
}
