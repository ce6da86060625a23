package io.github.ycsbtiers.redis.durability;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The writes the client saw acknowledged ({@code redis.lost_writes=check}): per key a 64-bit hash
 * of the value last acknowledged (or that the key was deleted), and when it was acknowledged. Two
 * writes of one key in flight at once may reach the server in either order, so when a write began
 * before the key's previous one was acknowledged, either value counts as kept. Costs a map entry
 * per key written and a map update per acknowledged write; off unless asked for.
 */
public final class WriteLedger {
  /** The hash of a deleted key: no value. */
  static final long ABSENT = 0;
  private static final long NONE = 1;
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
    acks.compute(ByteBuffer.wrap(key), (k, prev) -> prev != null && startNanos - prev.ackNanos < 0
        ? new Ack(hash, prev.hash, Math.max(now, prev.ackNanos)) : new Ack(hash, NONE, now));
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

  /** The hash acknowledged last, and a second one when two writes overlapped. */
  record Ack(long hash, long alternative, long ackNanos) {
    boolean kept(long found) {
      return found == hash || alternative != NONE && found == alternative;
    }
  }
}
