package io.github.ycsbtiers.runner.engine;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Spaces one client's operations evenly to meet its share of {@code -target}, as upstream's
 * ClientThread does: operation n is due at start + n * tick, and that due time is the intended
 * start used for intended latency.
 *
 * <p>Under a rate profile ({@code target.profile}) the client's operation n is instead the
 * profile's operation {@code n * stride + slot}, due when the profile's schedule says on the
 * phase's shared {@link ProfileClock}; with {@code target.profile.maxbacklog} the operations
 * further behind than that are skipped ({@link #catchUp}) and counted as dropped.
 */
final class Throttle {
  private final long tickNanos;
  /** Null for {@code -target}. */
  private final ProfileClock profile;
  private final int slot;
  private final int stride;
  private long startNanos;
  /** Profile operations skipped by {@link #catchUp}: the client's next one is its done plus these. */
  private long skipped;
  /** Whether operations too far behind are dropped ({@code target.profile.maxbacklog}); never for {@code -target}. */
  private final boolean dropsLate;

  /** @param opsPerMilli this client's share of the target in operations per millisecond */
  Throttle(double opsPerMilli) {
    this(Math.max(1, (long) (1_000_000 / opsPerMilli)));
  }

  /** A throttle at the same rate whose schedule has not started. */
  Throttle copy() {
    return profile != null ? new Throttle(profile, slot, stride) : new Throttle(tickNanos);
  }

  private Throttle(long tickNanos) {
    this.tickNanos = tickNanos;
    this.profile = null;
    this.slot = 0;
    this.stride = 1;
    this.dropsLate = false;
  }

  /** A client's share of a rate profile: its operations are the profile's {@code slot}, {@code slot + stride}, ... */
  Throttle(ProfileClock profile, int slot, int stride) {
    this.tickNanos = 1;
    this.profile = profile;
    this.slot = slot;
    this.stride = stride;
    this.dropsLate = profile.options().maxBacklogNanos() > 0;
  }

  /** Whether this paces a rate profile rather than {@code -target}. */
  boolean profiled() {
    return profile != null;
  }

  /** Whether {@link #catchUp} may drop operations: under a profile with {@code target.profile.maxbacklog}. */
  boolean dropsLate() {
    return dropsLate;
  }

  /** Operations of the client's share skipped as dropped, which count against its share like done ones. */
  long skipped() {
    return skipped;
  }

  /**
   * Under a profile with {@code target.profile.maxbacklog}: skips the operations (from
   * {@code opsDone} on) due further than that before {@code nowNanos}, counting them as dropped.
   *
   * @return whether any was skipped
   */
  boolean catchUp(long opsDone, long nowNanos) {
    if (!dropsLate) {
      return false;
    }
    long cap = profile.options().maxBacklogNanos();
    if (nowNanos - dueNanos(opsDone) <= cap) {
      return false;
    }
    long first = profile.firstDueFrom(nowNanos - cap);
    long mine = Math.max(opsDone + skipped, (first - slot + stride - 1) / stride);
    long drop = mine - (opsDone + skipped);
    if (drop <= 0) {
      return false;
    }
    skipped += drop;
    profile.drop(drop);
    return true;
  }

  /**
   * Staggers clients so they do not all fire at once, then starts the schedule. Upstream staggers
   * only ticks of 1 ms or more; shorter ones too, since clients that start together stay in step
   * and turn a fixed rate into bursts of one operation per client. Under a profile, waits (until
   * {@code stop}) for the client's first due time instead.
   */
  void start(StopSignal stop) {
    if (profile != null) {
      // the profile may start seconds from now (target.profile.start): the wait sees a stop
      awaitNext(0, stop);
      return;
    }
    sleepUntil(System.nanoTime() + ThreadLocalRandom.current().nextLong(tickNanos));
    startNanos = System.nanoTime();
  }

  /**
   * Starts the schedule without blocking, for the {@code async} engine: the client begins at a
   * random point of its first tick instead of sleeping there.
   */
  void startAt(long nowNanos) {
    if (profile != null) {
      return; // the profile's clock has started
    }
    startNanos = nowNanos + ThreadLocalRandom.current().nextLong(tickNanos);
  }

  /** When operation number {@code opsDone} (counted from 0) is due. */
  long dueNanos(long opsDone) {
    if (profile != null) {
      return profile.dueNanos((opsDone + skipped) * stride + slot);
    }
    return startNanos + opsDone * tickNanos;
  }

  /** Waits until operation number {@code opsDone} is due and returns that due time. */
  long awaitNext(long opsDone, StopSignal stop) {
    if (dropsLate) {
      catchUp(opsDone, System.nanoTime());
    }
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
