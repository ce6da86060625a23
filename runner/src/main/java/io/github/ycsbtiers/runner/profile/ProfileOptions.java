package io.github.ycsbtiers.runner.profile;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.util.concurrent.TimeUnit;

/**
 * A phase's rate profile, read once: {@code target.profile} (the segments, see
 * {@link ProfileParser}), {@code target.profile.start} (the epoch millisecond at which every client
 * of a multi-client run starts the profile; unset: when this client's threads are ready),
 * {@code target.profile.late} (how long after its due time an operation may start before it counts
 * as late; default 10 ms) and {@code target.profile.maxbacklog} (unset or 0: never drop; else an
 * operation this far behind its due time is dropped, not sent, and counted).
 *
 * <p>Operations are spread over every logical client of every process: {@code client.count}
 * processes of {@code threads} clients each take operation {@code n} of the profile in turn
 * ({@link #slot}, {@link #stride}), so that together they offer the profile, each 1/N of it.
 *
 * @param clients {@code client.count}
 * @param index {@code client.index}
 * @param threads this process's logical clients ({@code -threads})
 */
public record ProfileOptions(String text, RateSchedule schedule, long startEpochMillis, long lateNanos,
                             long maxBacklogNanos, int clients, int index, int threads) {
  public static final String PROFILE = "target.profile";
  public static final String START = "target.profile.start";
  public static final String LATE = "target.profile.late";
  public static final String MAX_BACKLOG = "target.profile.maxbacklog";
  /**
   * The highest rate one logical client is asked for: it holds one operation in flight, and even a
   * loopback round trip takes some microseconds.
   */
  public static final double MAX_PER_CLIENT = 100_000;
  static final long DEFAULT_LATE_MILLIS = 10;

  /**
   * The profile, or null without {@code target.profile}.
   *
   * @param target {@code target}, which a profile replaces
   * @param transactions whether this is a run phase (profiles pace run phases only)
   * @param warmup whether {@code warmuptime} asks for a warm-up
   */
  public static ProfileOptions fromProperties(PropertyReader r, long target, boolean transactions, boolean warmup,
                                              int clients, int index, int threads) {
    String raw = r.string(PROFILE, null);
    if (raw == null || raw.isBlank()) {
      for (String dependent : new String[] {START, LATE, MAX_BACKLOG}) {
        if (r.isSet(dependent)) {
          throw PropertyException.badValue(dependent, r.string(dependent, ""), "only with " + PROFILE);
        }
      }
      return null;
    }
    RateSchedule schedule = ProfileParser.parse(PROFILE, raw);
    long start = r.longValue(START, 0, 1, Long.MAX_VALUE);
    long late = r.duration(LATE, TimeUnit.MILLISECONDS.toNanos(DEFAULT_LATE_MILLIS), TimeUnit.MILLISECONDS,
        TimeUnit.NANOSECONDS, 0, TimeUnit.HOURS.toNanos(1));
    long backlog = r.duration(MAX_BACKLOG, 0, TimeUnit.MILLISECONDS, TimeUnit.NANOSECONDS, 0,
        TimeUnit.HOURS.toNanos(1));
    if (backlog > 0 && backlog < late) {
      throw PropertyException.badValue(MAX_BACKLOG, r.string(MAX_BACKLOG, ""), "0 (never drop) or at least "
          + LATE + " (" + late / 1_000_000.0 + " ms): an operation is late before it is dropped");
    }
    if (target > 0) {
      throw PropertyException.badValue(PROFILE, raw, "only without target (-target " + target
          + "), which is the constant profile: give one or the other");
    }
    if (!transactions) {
      throw PropertyException.badValue(PROFILE, raw, "only for a run phase (-t): a load inserts each record once");
    }
    if (warmup) {
      throw PropertyException.badValue(PROFILE, raw, "only without warmuptime: the profile's first segment"
          + " is its warm-up");
    }
    long all = (long) clients * threads;
    if (schedule.peak() / all > MAX_PER_CLIENT) {
      throw PropertyException.badValue(PROFILE, raw, String.format(java.util.Locale.ROOT,
          "a peak of at most %,.0f ops/s per logical client (one operation in flight each): %,.0f ops/s over"
          + " client.count %d x %d threads is %,.0f each; raise -threads or client.count", MAX_PER_CLIENT,
          schedule.peak(), clients, threads, schedule.peak() / all));
    }
    if (schedule.operations() < all) {
      throw PropertyException.badValue(PROFILE, raw, "a profile that offers at least one operation per logical"
          + " client (" + all + "); it offers " + schedule.operations());
    }
    return new ProfileOptions(raw.trim(), schedule, start, late, backlog, clients, index, threads);
  }

  /** Logical clients of all processes, which take the profile's operations in turn. */
  public int stride() {
    return clients * threads;
  }

  /** The place among {@link #stride()} of this process's logical client {@code client}. */
  public int slot(int client) {
    return index * threads + client;
  }

  /** The operations one logical client runs: every {@code stride}-th from its slot. */
  public long operationsOf(int client) {
    long total = schedule.operations();
    return total / stride() + (slot(client) < total % stride() ? 1 : 0);
  }

  /** The operations this process runs: its clients' together. */
  public long processOperations() {
    long n = 0;
    for (int c = 0; c < threads; c++) {
      n += operationsOf(c);
    }
    return n;
  }

  /** Of the profile's operations {@code from} (inclusive) to {@code to}, how many are this process's. */
  public long processShare(long from, long to) {
    return below(to) - below(from);
  }

  /** Operations below {@code n} whose slot is one of this process's. */
  private long below(long n) {
    long k = stride();
    long lo = (long) index * threads;
    return n / k * threads + Math.min(threads, Math.max(0, n % k - lo));
  }
}
