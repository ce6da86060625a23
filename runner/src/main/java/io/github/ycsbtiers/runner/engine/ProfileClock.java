package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.SendLateness;
import io.github.ycsbtiers.runner.profile.ProfileOptions;
import io.github.ycsbtiers.runner.profile.RateSchedule;
import io.github.ycsbtiers.runner.timeline.OfferedLoad;
import java.io.PrintStream;

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
   * Fixes the start, before the clients start: {@code target.profile.start} on this host's clock,
   * else now; says on {@code err} when the given start has passed already.
   */
  void start(PrintStream err) {
    long now = System.nanoTime();
    if (options.startEpochMillis() <= 0) {
      startNanos = now;
      if (options.clients() > 1) {
        err.println("warning: client.count=" + options.clients() + " without " + ProfileOptions.START + ": this client"
            + " starts the profile when its own threads are ready, not on the others' time base");
      }
      return;
    }
    long ahead = options.startEpochMillis() - System.currentTimeMillis();
    startNanos = now + ahead * 1_000_000L;
    if (ahead < 0) {
      err.println("warning: " + ProfileOptions.START + " was " + -ahead + " ms ago: the operations due since count as"
          + " late" + (options.maxBacklogNanos() > 0 ? " or dropped" : ""));
    }
  }

  /** How long until the profile starts, in milliseconds; 0 once it has. */
  long millisAhead() {
    return Math.max(0, (startNanos - System.nanoTime()) / 1_000_000);
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
