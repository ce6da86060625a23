package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.RedisCommandExecutionException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * The outages of one shared client (a Jedis pool or the Lettuce connection) to a standalone server,
 * or of one master of a Cluster ({@link ClusterOutages}), and the backoff of its logical clients
 * while one lasts. An outage starts with an operation that failed without a reply
 * from the server (connection refused or lost, timeout, no pooled connection) and ends with the
 * next operation that got a reply; a Redis error reply is no outage, except those that say the
 * key is not served now (CLUSTERDOWN, MOVED, ASK, TRYAGAIN, LOADING, MASTERDOWN). Failures less than
 * {@code redis.backoff.max} after an outage's end continue it (a reply that was already on its way
 * is no recovery).
 *
 * <p>After a failure in an outage, the failing operation's client pauses for the time the outage
 * has lasted, at least {@code redis.backoff.min} and at most {@code redis.backoff.max}: so each
 * client's attempts are spaced by a doubling pause (a client failing at the outage's start waits
 * min, then min, 2 min, 4 min... up to max), whatever the other clients do, and a dead server costs
 * each client a few ERRORs per second rather than one per connection attempt. The pause is part
 * of the failed operation (its ERROR latency), never of a successful one. Reported once, when the
 * client closes: an {@code [OUTAGE]} report section and one line on stderr.
 */
public final class Outages {
  /** Name of the report section. */
  public static final String SECTION = "OUTAGE";
  /** Outages listed one by one in the report; the counts cover all of them. */
  static final int LISTED = 20;
  /** Error replies of a server or Cluster that cannot serve the key now. */
  private static final List<String> UNAVAILABLE = List.of("CLUSTERDOWN", "MOVED", "ASK", "TRYAGAIN", "LOADING",
      "MASTERDOWN");
  private final long minNanos;
  private final long maxNanos;
  private final LongSupplier clock;
  private final List<Outage> outages = new ArrayList<>();
  private volatile boolean down;
  private Outage current;

  Outages(long minMillis, long maxMillis) {
    this(minMillis, maxMillis, System::nanoTime);
  }

  /** @param clock a nanosecond clock, for the pauses and for what continues an outage */
  Outages(long minMillis, long maxMillis, LongSupplier clock) {
    this.minNanos = TimeUnit.MILLISECONDS.toNanos(minMillis);
    this.maxNanos = TimeUnit.MILLISECONDS.toNanos(maxMillis);
    this.clock = clock;
  }

  static Outages of(RedisOptions o) {
    return new Outages(o.backoff().minMillis(), o.backoff().maxMillis());
  }

  /**
   * Counts a failed operation and says how long its client pauses before its next attempt.
   *
   * @return nanoseconds to pause; 0 for a failure that is the server's reply (no outage)
   */
  public long failed(Throwable e) {
    if (isReply(e)) {
      return 0;
    }
    long now = clock.getAsLong();
    long lasted;
    synchronized (this) {
      if (current == null) {
        Outage last = outages.isEmpty() ? null : outages.get(outages.size() - 1);
        if (last != null && now - last.endNanos < maxNanos) {
          // a reply that was on its way when the server went is no recovery: the outage goes on
          last.endMillis = 0;
          current = last;
        } else {
          current = new Outage(now, System.currentTimeMillis());
          outages.add(current);
        }
        down = true;
      }
      current.failed++;
      current.lastFailureMillis = System.currentTimeMillis();
      lasted = now - current.startNanos;
    }
    return Math.min(maxNanos, Math.max(minNanos, lasted));
  }

  /** An operation got the server's reply: ends the outage going on, if any (one volatile read if none). */
  public void reached() {
    if (down) {
      synchronized (this) {
        if (current != null) {
          current.endMillis = System.currentTimeMillis();
          current.endNanos = clock.getAsLong();
          current = null;
          down = false;
        }
      }
    }
  }

  /**
   * Whether the failure is a reply of the server (an error reply), not a failure to reach it. A
   * reply that says the data is not served now (a Cluster without the slot's master, a redirection
   * that could not be followed, a server loading its data) counts as unreachable.
   */
  static boolean isReply(Throwable e) {
    if (!(e instanceof JedisDataException || e instanceof RedisCommandExecutionException
        || e instanceof io.github.ycsbtiers.redis.resp.RespErrorReply)) {
      return false;
    }
    String m = e.getMessage();
    if (m == null) {
      return true;
    }
    for (String unavailable : UNAVAILABLE) {
      if (m.startsWith(unavailable)) {
        return false;
      }
    }
    return true;
  }

  /** Blocks the calling thread for {@code nanos} (a Jedis client's thread, or a synchronous caller). */
  public static void pause(long nanos) {
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }

  /** Outages so far, the one going on included. */
  synchronized int count() {
    return outages.size();
  }

  /** Failed operations of every outage. */
  synchronized long failedOperations() {
    long n = 0;
    for (Outage o : outages) {
      n += o.failed;
    }
    return n;
  }

  /** Whether an outage is going on. */
  boolean down() {
    return down;
  }

  /** The outages so far, in the order they started, the one going on included. */
  synchronized List<Outage> list() {
    return new ArrayList<>(outages);
  }

  /** Publishes the section and prints the line, if there was an outage. */
  synchronized void report(PrintStream err) {
    if (outages.isEmpty()) {
      return;
    }
    ResultSection.Builder b = section(outages.size(), failedOperations());
    for (int i = 0; i < Math.min(LISTED, outages.size()); i++) {
      outages.get(i).describe(b, i + 1);
    }
    ResultSections.publish(b.build());
    err.println(summary(outages.size(), failedOperations(), outages.get(0)));
  }

  /** The section's counts, before the outages listed. */
  static ResultSection.Builder section(int outages, long failedOperations) {
    return ResultSection.builder(SECTION)
        .add("Outages", (long) outages)
        .add("FailedOperations", failedOperations);
  }

  /** The line on stderr. */
  static String summary(int outages, long failedOperations, Outage first) {
    return "redis-string: " + outages + " outage(s), " + failedOperations + " operation(s) failed in them; the first"
        + " from " + Instant.ofEpochMilli(first.startMillis) + " for " + first.durationMillis() + " ms";
  }

  /** One outage, for the report. */
  static final class Outage {
    final long startNanos;
    final long startMillis;
    long endMillis;
    long endNanos;
    long lastFailureMillis;
    long failed;

    Outage(long startNanos, long startMillis) {
      this.startNanos = startNanos;
      this.startMillis = startMillis;
    }

    /** To its end, or to its last failure if it is still going on. */
    long durationMillis() {
      return (endMillis == 0 ? lastFailureMillis : endMillis) - startMillis;
    }

    /** Its lines in the section, as the {@code n}th listed. */
    void describe(ResultSection.Builder b, int n) {
      String p = "Outage" + n + ".";
      b.add(p + "Start", Instant.ofEpochMilli(startMillis).toString());
      if (endMillis == 0) {
        b.add(p + "End", "none (still failing at the end; last failure " + Instant.ofEpochMilli(lastFailureMillis)
            + ")");
      } else {
        b.add(p + "End", Instant.ofEpochMilli(endMillis).toString());
      }
      b.add(p + "Duration(ms)", durationMillis());
      b.add(p + "FailedOperations", failed);
    }
  }
}
