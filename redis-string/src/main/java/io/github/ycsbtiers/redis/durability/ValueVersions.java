package io.github.ycsbtiers.redis.durability;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;

/**
 * Versioned values ({@code redis.stale_reads=check}): each written value carries a header of two
 * marker bytes ({@code 0xFE 'V'}, which no YCSB value begins with) and an 8-byte big-endian version
 * drawn from one counter that starts at the wall clock in nanoseconds, so later runs write later
 * versions. Per key the client keeps the highest version it saw acknowledged; a read that returns
 * an older version, or no value, for a key whose write was acknowledged before the read was sent
 * is {@link #STALE}. Two writes of one key in flight at once from different clients may reach the
 * server in the other order than their versions: a read of that key can then count as stale.
 */
public final class ValueVersions {
  /** The status of a stale read: neither OK nor an error. */
  public static final Status STALE = new Status("STALE", "The value is older than one the client saw acknowledged");
  static final int HEADER = 10;
  private static final byte MARK0 = (byte) 0xFE;
  private static final byte MARK1 = 'V';
  private final AtomicLong next = new AtomicLong(System.currentTimeMillis() * 1_000_000L);
  private final Map<ByteBuffer, Long> acknowledged = new ConcurrentHashMap<>();

  /** A new version, higher than every earlier one of this process. */
  public long next() {
    return next.incrementAndGet();
  }

  /** {@code value} with the header of {@code version}. */
  public static byte[] stamp(byte[] value, long version) {
    byte[] stamped = new byte[HEADER + value.length];
    ByteBuffer.wrap(stamped).put(MARK0).put(MARK1).putLong(version).put(value);
    return stamped;
  }

  /** The version of a stored value, or -1 for a value without a header (or none). */
  public static long version(byte[] stored) {
    return hasHeader(stored) ? ByteBuffer.wrap(stored, 2, 8).getLong() : -1;
  }

  /** A stored value without its header (as it is when it has none; null for null). */
  public static byte[] payload(byte[] stored) {
    return hasHeader(stored) ? Arrays.copyOfRange(stored, HEADER, stored.length) : stored;
  }

  /** A write of {@code key} with {@code version} was acknowledged. */
  public void acknowledged(byte[] key, long version) {
    acknowledged.merge(ByteBuffer.wrap(key), version, Math::max);
  }

  /** The highest version of {@code key} acknowledged so far, or -1. */
  public long expected(byte[] key) {
    Long v = acknowledged.get(ByteBuffer.wrap(key));
    return v == null ? -1 : v;
  }

  /** Whether a read that found {@code stored} when {@code expected} was acknowledged is stale. */
  public static boolean stale(byte[] stored, long expected) {
    return expected >= 0 && (stored == null || version(stored) < expected);
  }

  private static boolean hasHeader(byte[] v) {
    return v != null && v.length >= HEADER && v[0] == MARK0 && v[1] == MARK1;
  }
}
