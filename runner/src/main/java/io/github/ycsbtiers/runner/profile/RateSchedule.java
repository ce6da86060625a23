package io.github.ycsbtiers.runner.profile;

import java.util.List;

/**
 * When each operation of a rate profile is due: operation {@code n} (counted from 0 over all
 * clients) is due at the time {@code t} where the profile's cumulative count {@code N(t)} (the
 * integral of its rate) is {@code n}, the latest such time where the rate is 0 (a pause); so
 * operation 0 is due at the start and a constant rate {@code r} puts operation {@code n} at
 * {@code n / r} seconds. Operations whose count is reached only after the profile's end are not
 * due at all ({@link #END}): the profile fixes how many operations a phase does.
 *
 * <p>Pure and immutable: no clock, no allocation per call; a lookup is a binary search over the
 * segments and one segment's inverse (a division, a square root, or a few Newton steps for a sine).
 */
public final class RateSchedule {
  /** {@link #dueNanos} of an operation past the profile's end. */
  public static final long END = Long.MAX_VALUE;

  private final Segment[] segments;
  /** Where each segment starts, in seconds and in operations; one more entry for the end. */
  private final double[] startSeconds;
  private final double[] startOps;
  private final long operations;
  private final double peak;

  RateSchedule(List<Segment> segments) {
    if (segments.isEmpty()) {
      throw new IllegalArgumentException("no segment");
    }
    this.segments = segments.toArray(new Segment[0]);
    this.startSeconds = new double[this.segments.length + 1];
    this.startOps = new double[this.segments.length + 1];
    double p = 0;
    for (int i = 0; i < this.segments.length; i++) {
      Segment s = this.segments[i];
      startSeconds[i + 1] = startSeconds[i] + s.seconds();
      startOps[i + 1] = startOps[i] + s.opsBy(s.seconds());
      p = Math.max(p, s.peak());
    }
    this.peak = p;
    // operation n is due when the count reaches n, if that is before the end
    double total = startOps[this.segments.length];
    this.operations = total <= 0 ? 0 : (long) Math.ceil(total);
  }

  /** Operations the whole profile offers: those due before its end. */
  public long operations() {
    return operations;
  }

  /** The profile's length. */
  public double seconds() {
    return startSeconds[segments.length];
  }

  public long nanos() {
    return Math.round(seconds() * 1e9);
  }

  /** Its highest rate, operations per second. */
  public double peak() {
    return peak;
  }

  /** The number of segments (a staircase and a trace count each of their pieces). */
  public int segmentCount() {
    return segments.length;
  }

  /**
   * When operation {@code n} (from 0) is due, in nanoseconds from the profile's start; {@link #END}
   * if the profile ends first.
   */
  public long dueNanos(long n) {
    if (n < 0 || n >= operations) {
      return END;
    }
    return Math.round(dueSeconds(n) * 1e9);
  }

  /** When operation {@code n} (from 0, below {@link #operations()}) is due, in seconds from the start. */
  public double dueSeconds(long n) {
    double ops = n;
    int i = segmentOfOps(ops);
    return startSeconds[i] + segments[i].timeOf(ops - startOps[i]);
  }

  /** Operations due in the profile's first {@code t} seconds (0 before it starts, all after it ends). */
  public double opsBy(double t) {
    if (t <= 0) {
      return 0;
    }
    if (t >= seconds()) {
      return startOps[segments.length];
    }
    int i = segmentOfTime(t);
    return startOps[i] + segments[i].opsBy(t - startSeconds[i]);
  }

  /** The offered rate at {@code t} seconds from the start; 0 outside the profile. */
  public double rateAt(double t) {
    if (t < 0 || t >= seconds()) {
      return 0;
    }
    int i = segmentOfTime(t);
    return segments[i].rateAt(t - startSeconds[i]);
  }

  /** The first operation (from 0) due at or after {@code t} seconds; {@link #operations()} if none is. */
  public long firstDueFrom(double t) {
    long n = Math.min(operations, (long) Math.ceil(opsBy(t)));
    // the count's rounding may put n one off either way
    while (n > 0 && dueSeconds(n - 1) >= t) {
      n--;
    }
    while (n < operations && dueSeconds(n) < t) {
      n++;
    }
    return n;
  }

  /**
   * The last segment whose start count is at most {@code ops}: past a pause (a rate of 0), whose
   * start and end counts are equal, an operation whose count is reached at the pause's start is
   * due at its end, when the rate resumes.
   */
  private int segmentOfOps(double ops) {
    int lo = 0;
    int hi = segments.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (startOps[mid] <= ops) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private int segmentOfTime(double t) {
    int lo = 0;
    int hi = segments.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (startSeconds[mid] <= t) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
