package io.github.ycsbtiers.tiered.store.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The DRAM tier: a map bounded by the bytes of its keys and values (not the JVM's object overhead,
 * so the budget and the data estimate count the same thing), with exact hit and miss counters.
 * Values are shared, never copied: callers must not modify them.
 *
 * <p>A hit is a {@link ConcurrentHashMap} read and two plain marks on the entry (a reference bit
 * and a saturating read count): no lock, buffer or extra hashing. (Caffeine's W-TinyLFU was
 * measured to spend two thirds of a hit's CPU on its read buffers and frequency sketch.)
 *
 * <p>Eviction is CLOCK over a FIFO ring: the hand passes a referenced entry once (clearing its bit)
 * and stops at the first unreferenced one. Admission is TinyLFU's: a read that missed enters only
 * if its key was read more often lately (its misses, in a {@link MissSketch}) than that victim (its
 * reads while held, from its misses at admission); else the victim goes round again. A recency
 * policy alone keeps keys read once: on the flash-hit Gaussian (DRAM 20% of the data, 50% target,
 * 1,500 keys, 50,000 operations; {@code DramPolicySimulation}) plain CLOCK held 0.38 and this 0.46.
 * Both counts halve every five sketch widths of misses, and go up to 31.
 *
 * <p>Every change (promote, write, invalidate, eviction) takes one lock, which keeps the ring, the
 * sketch and the byte count consistent and the bound exact when a call returns; it comes after a
 * persistent-tier read or write, which costs far more.
 *
 * <p>A write updates a cached key, and adds a new key only until the tier first fills: after that
 * a write never evicts what reads made hot. (That also spares a Load at 1:4 an eviction per
 * insert, which cost about a third of its throughput with 8 threads on 2 cores.)
 */
public final class DramTier {
  /** A hand that keeps finding referenced entries (readers marking them again) stops after this many rounds. */
  private static final int MAX_ROUNDS = 2;
  private static final Comparator<Ranked> HOTTEST_FIRST = Comparator.comparingInt(Ranked::hits).reversed()
      .thenComparing(r -> !r.referenced()).thenComparing(Comparator.comparingInt(Ranked::position).reversed());

  private final ConcurrentHashMap<String, DramEntry> map;
  private final long budget;
  private final LongAdder hits = new LongAdder();
  private final LongAdder misses = new LongAdder();
  private final ReentrantLock lock = new ReentrantLock();
  /** Oldest first; may hold removed entries, which the hand drops. Guarded by {@link #lock}. */
  private final ArrayDeque<DramEntry> ring = new ArrayDeque<>();
  private final boolean[] halved = new boolean[1];
  private MissSketch sketch;
  private int epoch;
  private int removedInRing;
  private volatile long bytes;
  private volatile boolean full;

  /**
   * @param expectedRecords how many records the budget will hold, to size the table once (0 if
   *                        unknown)
   */
  public DramTier(long budgetBytes, long expectedRecords) {
    this.budget = budgetBytes;
    this.map = new ConcurrentHashMap<>((int) Math.min(1 << 24, Math.max(16, expectedRecords)));
    this.sketch = new MissSketch(expectedRecords);
  }

  /** The cached value, counted as a hit or a miss. */
  public byte[] lookup(String key) {
    DramEntry e = map.get(key);
    byte[] v = e == null ? null : e.value;
    if (v != null) {
      e.hit();
      hits.increment();
    } else {
      misses.increment();
    }
    return v;
  }

  /** The cached value, not counted (a re-check under the key's lock). */
  public byte[] peek(String key) {
    DramEntry e = map.get(key);
    return e == null ? null : e.value;
  }

  /** Caches a value read from the persistent tier, if the key was read more often lately than what it would displace. */
  public void promote(String key, byte[] value) {
    lock.lock();
    try {
      if (!replace(key, value)) {
        int misses = sketch.increment(key.hashCode(), halved);
        if (halved[0]) {
          epoch++;
        }
        insert(key, value, misses, true);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Adds a record at open (the warm-up) with the read count the last process saved for it (0 for a
   * key it did not hold); never evicts.
   */
  public void preload(String key, byte[] value, int reads) {
    lock.lock();
    try {
      if (!replace(key, value)) {
        insert(key, value, Math.max(0, Math.min(DramEntry.MAX_HITS, reads)), true);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Caches a written value: replaces a cached one, or adds it while the tier has never been full.
   * A write counts as one read of the key, as TinyLFU counts writes.
   */
  public void write(String key, byte[] value) {
    lock.lock();
    try {
      if (!replace(key, value) && !full) {
        insert(key, value, 1, false);
      }
    } finally {
      lock.unlock();
    }
  }

  public void invalidate(String key) {
    lock.lock();
    try {
      DramEntry e = map.remove(key);
      if (e != null) {
        drop(e);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Writes the cached keys as {@code dir}'s {@link DramKeys} list, hottest first: most hits lately,
   * then referenced, then nearest the ring's tail (the hand reaches it last); each with its read
   * count halved, as if a sample had ended: a restart ages the counts once. So the next process
   * ranks the keys as this one did (a phase of a few seconds, a step of a search, does not start
   * over from no counts and lose what the one before learned), and a Load's entries, whose one count
   * is their write, start it at none.
   */
  public long saveKeys(Path dir) throws IOException {
    List<Ranked> ranked = new ArrayList<>();
    lock.lock();
    try {
      for (DramEntry e : ring) {
        if (!e.removed) {
          ranked.add(new Ranked(e.key, e.age(epoch), e.referenced, ranked.size()));
        }
      }
    } finally {
      lock.unlock();
    }
    ranked.sort(HOTTEST_FIRST);
    return DramKeys.save(dir, ranked.stream().map(r -> new DramKeys.SavedKey(r.key(), r.hits() >>> 1)).iterator());
  }

  private record Ranked(String key, int hits, boolean referenced, int position) {
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
    return bytes;
  }

  public long records() {
    return map.size();
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

  /** Replaces the value of a cached key, evicting others if it grew past the budget; false if the key is not cached. */
  private boolean replace(String key, byte[] value) {
    DramEntry e = map.get(key);
    if (e == null) {
      return false;
    }
    int w = weigh(key, value);
    bytes += w - e.weight;
    e.weight = w;
    e.value = value;
    e.hit();
    while (bytes > budget) {
      DramEntry victim = nextVictim(); // e itself at worst: it is on the ring
      if (victim == null) {
        break;
      }
      evict(victim);
    }
    return true;
  }

  /**
   * Adds an entry, first evicting victims until it fits; with {@code admit}, gives up (the key
   * stays out) at the first victim read at least as often as the key. A write ({@code admit}
   * false) that does not fit marks the tier full instead.
   */
  private void insert(String key, byte[] value, int keyMisses, boolean admit) {
    int w = weigh(key, value);
    if (w > budget) {
      full = true;
      return;
    }
    while (bytes + w > budget) {
      if (!admit) {
        full = true;
        return;
      }
      DramEntry victim = nextVictim();
      if (victim == null) {
        break; // nothing held: bytes is 0 and the entry fits
      }
      if (keyMisses <= victim.hits) {
        ring.addLast(victim);
        return;
      }
      evict(victim);
    }
    compactIfMostlyRemoved();
    DramEntry e = new DramEntry(key, value, w, keyMisses, epoch);
    map.put(key, e);
    ring.addLast(e);
    bytes += w;
    if (map.size() > sketch.width()) {
      sketch = new MissSketch(2L * map.size()); // sized for an unknown count: start the counts over
    }
  }

  /**
   * The entry the hand stops at, taken off the ring (the caller evicts it or puts it back), its
   * hit count aged; null only when the ring is empty.
   */
  private DramEntry nextVictim() {
    long passes = (long) MAX_ROUNDS * ring.size();
    for (DramEntry e = ring.pollFirst(); e != null; e = ring.pollFirst()) {
      if (e.removed) {
        removedInRing--;
        continue;
      }
      e.age(epoch);
      if (e.referenced && passes-- > 0) {
        e.referenced = false;
        ring.addLast(e);
        continue;
      }
      return e;
    }
    return null;
  }

  private void evict(DramEntry victim) {
    map.remove(victim.key, victim);
    victim.value = null;
    bytes -= victim.weight;
    full = true;
  }

  /** Forgets an entry still on the ring; the hand drops it later. */
  private void drop(DramEntry e) {
    e.removed = true;
    e.value = null;
    bytes -= e.weight;
    removedInRing++;
  }

  /** Keeps the ring from growing with removed entries where deletes come faster than evictions. */
  private void compactIfMostlyRemoved() {
    if (removedInRing > 1024 && removedInRing > ring.size() / 2) {
      ring.removeIf(e -> e.removed);
      removedInRing = 0;
    }
  }
}
