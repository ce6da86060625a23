package io.github.ycsbtiers.runner.timeline;

/**
 * What a rate profile asks of this process, for the timeline's rows: when the profile starts, how
 * many of its operations fall in a window, and how many were late or dropped so far.
 */
public interface OfferedLoad {
  /** The profile's start on {@link System#nanoTime}'s scale; rows are counted from it. */
  long startNanos();

  /** This process's operations of the profile due from {@code fromNanos} (inclusive) to {@code toNanos}. */
  long offered(long fromNanos, long toNanos);

  /** Operations sent later than {@code target.profile.late} after their due time, so far. */
  long late();

  /** Operations dropped for {@code target.profile.maxbacklog}, so far. */
  long dropped();
}
