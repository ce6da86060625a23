package io.github.ycsbtiers.redis.durability;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The writes the client saw acknowledged ({@code redis.lost_writes=check}): per key a 64-bit hash
 * of the value last acknowledged (or that the key was deleted), and when it was acknowledged. Two
 * writes of one key in flight at once may reach the server in either order, so when a write began
 * before the key's previous one was acknowledged, either value counts as kept. A write after the
 * last acknowledged one that the client saw fail (no reply, or fewer replicas than {@code WAIT}
 * asked for) may have been done all the same: its value counts as kept too, until a write that
 * began after that failure is acknowledged. Costs a map entry per key written and a map update
 * per acknowledged or failed write; off unless asked for.
 */
public final class WriteLedger {
  /** The hash of a deleted key: no value. */
  static final long ABSENT = 0;
  private static final long NONE = 1;
  /** Failed writes of one key after its last acknowledged one that are kept; one more and the key is no longer checked. */
  static final int MOST_FAILED = 8;
  private static final long[] NO_FAILED = new long[0];
  private final Map<ByteBuffer, Ack> acks = new ConcurrentHashMap<>();

  /** 64-bit FNV-1a of {@code value}, never {@link #ABSENT} nor the marker of no second value. */
  public static long hash(byte[] value) {
    long h = 0xcbf29ce484222325L;
    for (byte b : value) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h == ABSENT || h == NONE ? h + 2 : h;
  }

  /** A write of {@code key} sent at {@code startNanos} was acknowledged now; {@code hash} of its value, or {@link #ABSENT}. */
  public void acknowledged(byte[] key, long hash, long startNanos) {
    long now = System.nanoTime();
    acks.compute(ByteBuffer.wrap(key), (k, prev) -> {
      if (prev == null) {
        return new Ack(hash, NONE, now, NO_FAILED, 0);
      }
      // a failure that ended after this write began may have reached the server after it
      boolean failedSince = prev.failed.length > 0 && startNanos - prev.failedNanos < 0;
      long[] failed = failedSince ? prev.failed : NO_FAILED;
      long failedNanos = failedSince ? prev.failedNanos : 0;
      return startNanos - prev.ackNanos < 0 ? new Ack(hash, prev.hash, Math.max(now, prev.ackNanos), failed, failedNanos)
          : new Ack(hash, NONE, now, failed, failedNanos);
    });
  }

  /**
   * A write of {@code key} with a value of {@code hash} failed, or was not acknowledged as asked:
   * the server may hold its value all the same. A key with no acknowledged write is not checked.
   */
  public void failed(byte[] key, long hash) {
    long now = System.nanoTime();
    acks.computeIfPresent(ByteBuffer.wrap(key), (k, prev) -> {
      if (prev.failed.length == MOST_FAILED) {
        return null; // more values than the ledger keeps: the key is no longer checked
      }
      long[] failed = java.util.Arrays.copyOf(prev.failed, prev.failed.length + 1);
      failed[prev.failed.length] = hash;
      return new Ack(prev.hash, prev.alternative, prev.ackNanos, failed, now);
    });
  }

  /** A delete of {@code key} sent at {@code startNanos} was acknowledged. */
  public void deleted(byte[] key, long startNanos) {
    acknowledged(key, ABSENT, startNanos);
  }

  /** A write whose value the ledger cannot know (a partial update merged on the way): the key is no longer checked. */
  public void unknown(byte[] key) {
    acks.remove(ByteBuffer.wrap(key));
  }

  public int keys() {
    return acks.size();
  }

  /** Each key with whether a value of {@code hash} (or {@link #ABSENT}) is one the client saw acknowledged last. */
  void forEach(BiConsumer<byte[], Ack> each) {
    acks.forEach((k, ack) -> each.accept(k.array(), ack));
  }

  /**
   * The hash acknowledged last, a second one when two writes overlapped, and those of the writes
   * that failed after it ({@code failedNanos}: when the last of them failed).
   */
  record Ack(long hash, long alternative, long ackNanos, long[] failed, long failedNanos) {
    boolean kept(long found) {
      if (found == hash || alternative != NONE && found == alternative) {
        return true;
      }
      for (long f : failed) {
        if (f == found) {
          return true;
        }
      }
      return false;
    }
  }
}
