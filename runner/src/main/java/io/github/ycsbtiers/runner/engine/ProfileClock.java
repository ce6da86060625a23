package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.SendLateness;
import io.github.ycsbtiers.runner.profile.ProfileOptions;
import io.github.ycsbtiers.runner.profile.RateSchedule;
import io.github.ycsbtiers.runner.timeline.OfferedLoad;

/**
 * The time base of a phase's rate profile, shared by its clients: when the profile starts (set once,
 * before the clients start: {@code target.profile.start} or the moment every client is ready), and
 * what the timeline's rows say of it ({@link OfferedLoad}).
 */
public final class ProfileClock implements OfferedLoad {
  private final ProfileOptions options;
  private final SendLateness lateness;
  private volatile long startNanos;

  /** @param lateness where the phase's operations record how late they were sent */
  ProfileClock(ProfileOptions options, SendLateness lateness) {
    this.options = options;
    this.lateness = lateness;
  }

  public ProfileOptions options() {
    return options;
  }

  /**
   * Fixes the start: {@code target.profile.start} on this host's clock, else now.
   *
   * @return how far in the past the given start already is, in milliseconds (0 if it is not)
   */
  long start() {
    long now = System.nanoTime();
    if (options.startEpochMillis() <= 0) {
      startNanos = now;
      return 0;
    }
    long ahead = options.startEpochMillis() - System.currentTimeMillis();
    startNanos = now + ahead * 1_000_000L;
    return Math.max(0, -ahead);
  }

  @Override
  public long startNanos() {
    return startNanos;
  }

  @Override
  public long offered(long fromNanos, long toNanos) {
    return options.processShare(firstDueFrom(fromNanos), firstDueFrom(toNanos));
  }

  @Override
  public long late() {
    return lateness.late();
  }

  @Override
  public long dropped() {
    return lateness.dropped();
  }

  void drop(long n) {
    lateness.drop(n);
  }

  /** When the profile's operation {@code n} is due; its end for one past it. */
  long dueNanos(long n) {
    RateSchedule s = options.schedule();
    long due = s.dueNanos(n);
    return startNanos + (due == RateSchedule.END ? s.nanos() : due);
  }

  /** The first of the profile's operations due at or after {@code nanos}. */
  long firstDueFrom(long nanos) {
    return options.schedule().firstDueFrom((nanos - startNanos) / 1e9);
  }
}
