package io.github.ycsbtiers.tiered.store.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.atomic.LongAdder;

/**
 * The DRAM tier: a Caffeine cache bounded by the bytes of its keys and values (not the JVM's
 * object overhead, so the budget and the data estimate count the same thing), with exact hit and
 * miss counters. Values are shared, never copied: callers must not modify them.
 */
public final class DramTier {
  private final Cache<String, byte[]> cache;
  private final long budget;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();

  public DramTier(long budgetBytes) {
    this.budget = budgetBytes;
    // maintenance (eviction) on the calling threads: no pool threads competing for 2 cores, and a
    // weight bound that holds as soon as put returns
    this.cache = Caffeine.newBuilder()
        .maximumWeight(budgetBytes)
        .weigher(DramTier::weigh)
        .executor(Runnable::run)
        .build();
  }

  /** The cached value, counted as a hit or a miss. */
  public byte[] lookup(String key) {
    byte[] v = cache.getIfPresent(key);
    (v != null ? hits : misses).increment();
    return v;
  }

  /** The cached value, not counted (a re-check under the key's lock). */
  public byte[] peek(String key) {
    return cache.getIfPresent(key);
  }

  public void put(String key, byte[] value) {
    cache.put(key, value);
  }

  public void invalidate(String key) {
    cache.invalidate(key);
  }

  /** The capacity in key and value bytes. */
  public long budget() {
    return budget;
  }

  public long hits() {
    return hits.sum();
  }

  public long misses() {
    return misses.sum();
  }

  public long bytes() {
    return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
  }

  public long records() {
    return cache.estimatedSize();
  }

  public void clear() {
    cache.invalidateAll();
    cache.cleanUp();
  }

  /** Key bytes (UTF-8) plus value bytes. */
  public static int weigh(String key, byte[] value) {
    long w = (long) utf8Length(key) + value.length;
    return (int) Math.min(Integer.MAX_VALUE, w);
  }

  static int utf8Length(String s) {
    int n = s.length();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        n += c < 0x800 ? 1 : Character.isSurrogate(c) ? 1 : 2;
      }
    }
    return n;
  }
}
