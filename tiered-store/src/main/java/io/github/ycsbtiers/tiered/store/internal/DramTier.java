package io.github.ycsbtiers.tiered.store.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Policy.CacheEntry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The DRAM tier: a Caffeine cache bounded by the bytes of its keys and values (not the JVM's
 * object overhead, so the budget and the data estimate count the same thing), with exact hit and
 * miss counters. Values are shared, never copied: callers must not modify them.
 *
 * <p>Admission: a promotion (a read that missed) always enters, and Caffeine's W-TinyLFU decides
 * what it displaces. A write updates a cached key, and adds a new key only until the tier first
 * fills: after that a write never evicts what reads made hot. (That also spares a Load at 1:4 an
 * eviction per insert, which cost about a third of its throughput with 8 threads on 2 cores.)
 */
public final class DramTier {
  private static final int MAX_INITIAL_CAPACITY = 1 << 24;

  private final Cache<String, byte[]> cache;
  private final long budget;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private volatile boolean full;

  /**
   * @param expectedRecords how many records the budget will hold, to size the table once (0 if
   *                        unknown)
   */
  public DramTier(long budgetBytes, long expectedRecords) {
    this.budget = budgetBytes;
    // maintenance (eviction) on the calling threads: measured faster here than Caffeine's default
    // pool (1 thread on 2 cores), and the weight bound holds as soon as put returns
    this.cache = Caffeine.newBuilder()
        .initialCapacity((int) Math.min(MAX_INITIAL_CAPACITY, Math.max(16, expectedRecords)))
        .maximumWeight(budgetBytes)
        .weigher(DramTier::weigh)
        .evictionListener((String k, byte[] v, RemovalCause cause) -> full = true)
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

  /** Caches a value read from the persistent tier. */
  public void promote(String key, byte[] value) {
    cache.put(key, value);
  }

  /** Caches a written value: replaces a cached one, or adds it while the tier has never been full. */
  public void write(String key, byte[] value) {
    if (full) {
      cache.asMap().computeIfPresent(key, (k, old) -> value);
    } else {
      cache.put(key, value);
    }
  }

  public void invalidate(String key) {
    cache.invalidate(key);
  }

  /** Writes the cached keys, hottest first as the policy ranks them, as {@code dir}'s {@link DramKeys} list. */
  public long saveKeys(Path dir) throws IOException {
    try {
      return cache.policy().eviction().orElseThrow().hottest(entries -> {
        try {
          return DramKeys.save(dir, entries.map(CacheEntry::getKey).iterator());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** The capacity in key and value bytes. */
  public long budget() {
    return budget;
  }

  /** Counts hits and misses from zero again; only while no lookup is running. */
  public void restartCounts() {
    hits.reset();
    misses.reset();
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
