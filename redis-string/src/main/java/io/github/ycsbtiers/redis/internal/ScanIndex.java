package io.github.ycsbtiers.redis.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;

/**
 * The opt-in scan index ({@code redis.scan=index}): one sorted set, {@value #NAME}, holding every
 * key with score 0, so that its members are ordered by key bytes and {@code ZRANGEBYLEX} finds the
 * keys from a start key on. Costs one ZADD per insert and one ZREM per delete, memory for every
 * key a second time, and one hot key (on one node of a Cluster).
 */
public final class ScanIndex {
  /** The index key. */
  public static final String NAME = "_ycsb_scan_index";
  private static final byte[] KEY = NAME.getBytes(StandardCharsets.UTF_8);
  private static final byte[] MAX = {'+'};

  private final UnifiedJedis jedis;

  public ScanIndex(UnifiedJedis jedis) {
    this.jedis = jedis;
  }

  public void add(byte[] key) {
    jedis.zadd(KEY, 0, key);
  }

  public void remove(byte[] key) {
    jedis.zrem(KEY, key);
  }

  /** Up to {@code count} keys from {@code startKey} (inclusive) on, in key order. */
  public List<byte[]> from(byte[] startKey, int count) {
    byte[] min = new byte[startKey.length + 1];
    min[0] = '[';
    System.arraycopy(startKey, 0, min, 1, startKey.length);
    return jedis.zrangeByLex(KEY, min, MAX, 0, count);
  }
}
