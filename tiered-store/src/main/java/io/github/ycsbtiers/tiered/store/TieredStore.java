package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import io.github.ycsbtiers.tiered.store.engine.EngineFigures;
import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import io.github.ycsbtiers.tiered.store.internal.DramKeys;
import io.github.ycsbtiers.tiered.store.internal.DramTier;
import io.github.ycsbtiers.tiered.store.internal.KeyLocks;
import io.github.ycsbtiers.tiered.store.internal.LmdbTier;
import io.github.ycsbtiers.tiered.store.internal.PeriodicSyncTier;
import io.github.ycsbtiers.tiered.store.internal.PersistentTier;
import io.github.ycsbtiers.tiered.store.internal.ProcessIo;
import io.github.ycsbtiers.tiered.store.internal.RocksTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * A DRAM tier over a persistent tier. Writes go to the persistent tier first and return once it
 * accepted them (durable under {@code sync=always}; under {@code periodic} a background sync
 * makes them durable within an interval), then update DRAM; reads are served from DRAM
 * or read from the persistent tier and promoted. Scans read the persistent tier in key order.
 * Thread-safe; values are shared with the DRAM tier, so neither side may modify an array after
 * handing it over. Within one JVM, share a store through {@link SharedStores}.
 */
public final class TieredStore implements AutoCloseable {
  private static final int LOCK_STRIPES = 16_384;
  /**
   * JVM heap per cached record beyond its key and value bytes (compressed references): map node 32,
   * DRAM entry 40, table and ring slots, String 24, two array headers 32, miss-sketch counters 4-8.
   * Measured 142 with 500,000 records of 23-byte keys and 100-byte values in a table sized for them;
   * the rest is room for the ring's and the table's growth.
   */
  public static final long HEAP_BYTES_PER_RECORD = 150;

  private final StoreOptions options;
  private final DramTier dram;
  private final PersistentTier persistent;
  private final KeyLocks locks = new KeyLocks(LOCK_STRIPES);
  private final LongAdder persistentReads = new LongAdder();
  private final LongAdder persistentWrites = new LongAdder();
  private final LongAdder persistentScans = new LongAdder();
  private final LongAdder failures = new LongAdder();
  private final AtomicReference<String> firstFailure = new AtomicReference<>();
  private final Warmup warmup;
  private final String directIoNote;
  private volatile long processReadBase;
  /** The syncs and synced writes when measuring started, which the report's count from. */
  private volatile SyncCounts syncBase = SyncCounts.NONE;
  private volatile boolean closed;
  private String saveNote;

  private TieredStore(StoreOptions options, PersistentTier engine, boolean syncPeriodically, String directIoNote) {
    this.options = options;
    this.directIoNote = directIoNote;
    this.processReadBase = ProcessIo.readBytes();
    this.dram = new DramTier(options.budgetBytes(), expectedDramRecords(options));
    this.warmup = Warmup.run(options, dram, engine);
    // last: nothing may fail once the syncer thread runs, since open closes only the engine
    this.persistent = syncPeriodically
        ? PeriodicSyncTier.start(engine, options.syncIntervalMillis(), this::failed, "tiered-sync " + options.path())
        : engine;
  }

  /**
   * Checks the location ({@link LocationException}), opens the persistent tier, and fills DRAM
   * from it as {@link StoreOptions#warmup()} says, up to the budget.
   */
  public static TieredStore open(StoreOptions options) {
    return open(options, EngineSettings.of(options));
  }

  /** As {@link #open(StoreOptions)}, with the persistent tier opened as {@code engine} says. */
  static TieredStore open(StoreOptions options, EngineSettings engine) {
    long data = options.estimate().totalBytes();
    Locations.prepare(options.path(), options.medium(), data);
    boolean sync = engine.syncEachWrite();
    boolean disk = options.medium() == Medium.DISK;
    boolean direct = disk && !options.pageCache() && Locations.supportsDirectIo(options.path());
    String directIoNote = disk && !options.pageCache() && !direct
        ? Locations.fileSystemType(options.path()) + " at " + options.path() + " cannot do direct I/O (O_DIRECT):"
            + " disk reads go through the OS page cache, an unbounded extra tier of memory"
        : null;
    PersistentTier tier = disk
        ? RocksTier.open(options.path(), sync, options.threads(), direct, options.blockCacheBytes(),
            options.rocksdbOptions())
        : LmdbTier.open(options.path(), engine.lmdbMapBytes(), options.threads(), sync);
    try {
      return new TieredStore(options, tier, engine.syncPeriodically(), directIoNote);
    } catch (RuntimeException e) {
      tier.close();
      throw e;
    }
  }

  /** The value of {@code key}, or null. */
  public byte[] get(String key) {
    return get(key, null);
  }

  /**
   * The value of {@code key}, or null; {@code tier} (if not null) says whether the DRAM tier held
   * it at the look-up: a read counted as a DRAM miss is a persistent read, also when it found the
   * value promoted by another reader of the key while it waited.
   */
  public byte[] get(String key, ReadTier tier) {
    checkOpen();
    byte[] v = dram.lookup(key);
    if (tier != null) {
      tier.dram = v != null;
    }
    return v != null ? v : readMissed(key);
  }

  /**
   * A read's first half, for a server loop that must not wait: the DRAM tier's value of {@code
   * key}, lock-free, counted as a hit or a miss; null on a miss, to be read with {@link
   * #readMissed} or {@link #readMissedIfFree}.
   */
  public byte[] lookupDram(String key) {
    checkOpen();
    return dram.lookup(key);
  }

  /** A read's second half after a {@link #lookupDram} miss: the value from the persistent tier (promoted), or null. */
  public byte[] readMissed(String key) {
    ReentrantLock lock = locks.lockFor(key);
    lock.lock();
    return readLocked(key, lock);
  }

  /**
   * As {@link #readMissed}, but {@link #KEY_BUSY} at once when a writer holds the key's lock (it
   * may hold it until its commit is synced), instead of waiting.
   */
  public byte[] readMissedIfFree(String key) {
    ReentrantLock lock = locks.lockFor(key);
    // another reader holds it for microseconds, a writer until its commit: wait a little, not long
    for (int spins = 0; !lock.tryLock(); spins++) {
      if (spins == BUSY_SPINS) {
        return KEY_BUSY;
      }
      Thread.onSpinWait();
    }
    return readLocked(key, lock);
  }

  /** Under the key's {@code lock}, which it releases: DRAM's value if promoted or written since the look-up, else the persistent tier's. */
  private byte[] readLocked(String key, ReentrantLock lock) {
    try {
      byte[] v = dram.peek(key);
      return v != null ? v : readThrough(key);
    } catch (RuntimeException e) {
      throw failed(e);
    } finally {
      lock.unlock();
    }
  }

  /** What {@link #readMissedIfFree} returns for a key a writer holds: compare by identity; never a value. */
  public static final byte[] KEY_BUSY = new byte[0];
  private static final int BUSY_SPINS = 256;

  /** Which tier served a read ({@link #get(String, ReadTier)}); one per reader, reused from read to read. */
  public static final class ReadTier {
    private boolean dram;

    /** Whether the last read was served by the DRAM tier (a hit), not the persistent tier. */
    public boolean dram() {
      return dram;
    }
  }

  /** Stores {@code value} under {@code key}; returns once the persistent tier accepted it. */
  public void put(String key, byte[] value) {
    ReentrantLock lock = locks.lockFor(key);
    lock.lock();
    try {
      persistent.put(keyBytes(key), value);
      persistentWrites.increment();
      dram.write(key, value);
    } catch (RuntimeException e) {
      dram.invalidate(key); // the persistent tier may or may not hold the value: let reads ask it
      throw failed(e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Replaces the value of an existing key with {@code change.apply(current)}, atomically with
   * respect to other writers of the key; false (and nothing written) when the key is absent.
   */
  public boolean update(String key, UnaryOperator<byte[]> change) {
    ReentrantLock lock = locks.lockFor(key);
    lock.lock();
    try {
      byte[] k = keyBytes(key);
      byte[] current = dram.lookup(key);
      if (current == null && (current = readThrough(key)) == null) {
        return false;
      }
      byte[] next = change.apply(current);
      persistent.put(k, next);
      persistentWrites.increment();
      dram.write(key, next);
      return true;
    } catch (RuntimeException e) {
      dram.invalidate(key);
      throw failed(e);
    } finally {
      lock.unlock();
    }
  }

  /** Removes {@code key} from both tiers; false if it was not stored. */
  public boolean delete(String key) {
    ReentrantLock lock = locks.lockFor(key);
    lock.lock();
    try {
      boolean existed = persistent.delete(keyBytes(key));
      if (existed) {
        persistentWrites.increment();
      }
      return existed;
    } catch (RuntimeException e) {
      throw failed(e);
    } finally {
      dram.invalidate(key);
      lock.unlock();
    }
  }

  /**
   * Hands up to {@code count} records from the first key at or after {@code startKey} (from the
   * first key when it is empty), in key order, to {@code sink}; returns how many.
   */
  public int scan(String startKey, int count, ScanConsumer sink) {
    if (count <= 0) {
      return 0;
    }
    int[] seen = {0};
    try {
      checkOpen();
      byte[] start = startKey.isEmpty() ? new byte[0] : keyBytes(startKey);
      persistent.scan(start, (k, v) -> {
        sink.accept(new String(k, StandardCharsets.UTF_8), v);
        return ++seen[0] < count;
      });
      persistentScans.increment();
      return seen[0];
    } catch (RuntimeException e) {
      throw failed(e);
    }
  }

  public StoreOptions options() {
    return options;
  }

  /**
   * Starts the operation counts (DRAM hits and misses, persistent reads, writes and scans,
   * failures) from zero, so that they cover what follows alone, such as a measured phase after a
   * warm-up. Only while no operation is running.
   */
  public void restartCounts() {
    dram.restartCounts();
    persistentReads.reset();
    persistentWrites.reset();
    persistentScans.reset();
    failures.reset();
    persistent.restartCounts();
    processReadBase = ProcessIo.readBytes();
    syncBase = SyncCounts.of(options.sync(), persistent.figures().counters(), 0);
  }

  /** The counters now; final once every writer and reader has stopped. */
  public TierStats stats() {
    DeviceReads device = deviceReads();
    return new TierStats(options.medium(), options.path(), options.sync(), options.budgetBytes(),
        options.blockCacheBytes(), options.estimate().totalBytes(), dram.hits(), dram.misses(), persistentReads.sum(),
        persistentWrites.sum(), persistentScans.sum(), dram.bytes(), dram.records(),
        closed ? 0 : persistent.mediumBytes(), warmup.records(), warmup.savedRecords(), failures.sum(),
        firstFailure.get(), device, closed ? SyncCounts.NONE
            : SyncCounts.of(options.sync(), persistent.figures().counters(), persistentWrites.sum()).since(syncBase));
  }

  /**
   * The counters alone, for a row of the run's timeline every second: the DRAM tier's hits and
   * misses, the persistent tier's reads and writes, failures, device reads and the engine's own
   * figures. Unlike {@link #stats} it asks neither the DRAM tier's cache for its size nor lists the
   * engine's files: what a timeline asks every second must cost next to nothing.
   */
  public TierCounters counters() {
    return new TierCounters(dram.hits(), dram.misses(), persistentReads.sum(), persistentWrites.sum(), failures.sum(),
        deviceReads(), closed ? EngineFigures.NONE : persistent.figures());
  }

  /** The persistent tier's device reads since measuring started, with the process's read bytes. */
  private DeviceReads deviceReads() {
    long processRead = ProcessIo.readBytes();
    long base = processReadBase;
    long processDelta = processRead < 0 || base < 0 ? -1 : processRead - base;
    return closed ? DeviceReads.uncounted(processDelta) : persistent.deviceReads(processDelta);
  }

  /** What {@link #counters} gives. */
  public record TierCounters(long dramHits, long dramMisses, long persistentReads, long persistentWrites,
      long failures, DeviceReads device, EngineFigures engine) {
  }

  /** Why the disk tier reads through the OS page cache although direct I/O was asked for, or null. */
  public String directIoNote() {
    return directIoNote;
  }

  /** Why the warm-up did not use the saved keys it found (an unreadable list), or null. */
  public String warmupNote() {
    return warmup.note();
  }

  /**
   * Saves the keys DRAM holds, hottest first, for the next open's warm-up ({@link DramKeys}), and
   * closes the persistent tier; the caller makes sure no operation is running. A list that cannot
   * be written costs the next open its warm start, nothing else: close goes on, and the reason is
   * returned by {@link #saveNote()}. Under {@code sync=periodic} the tier is synced a last time
   * first; a {@link StoreException} if that fails (the store is closed all the same).
   */
  @Override
  public synchronized void close() {
    if (!closed) {
      try {
        dram.saveKeys(options.path());
      } catch (IOException | RuntimeException e) {
        saveNote = "the DRAM keys were not saved for the next warm-up: " + e;
      }
      closed = true;
      persistent.close();
    }
  }

  /** Why {@link #close()} could not save the DRAM keys, or null. */
  public synchronized String saveNote() {
    return saveNote;
  }

  private byte[] readThrough(String key) {
    byte[] v = persistent.get(keyBytes(key));
    persistentReads.increment();
    if (v != null) {
      dram.promote(key, v);
    }
    return v;
  }

  private void checkOpen() {
    if (closed) {
      throw new StoreException("the store at " + options.path() + " is closed");
    }
  }

  private byte[] keyBytes(String key) {
    checkOpen();
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    if (k.length == 0 || k.length > persistent.maxKeyBytes()) {
      throw new InvalidKeyException("key of " + k.length + " bytes: " + options.medium().label() + " keys are 1 to "
          + persistent.maxKeyBytes() + " bytes");
    }
    return k;
  }

  /** Counts a failure of the store; a caller's bad key or a change function's refusal is not one. */
  private RuntimeException failed(RuntimeException e) {
    if (e instanceof InvalidKeyException || e instanceof IllegalArgumentException) {
      return e;
    }
    failures.increment();
    firstFailure.compareAndSet(null, e.getMessage() != null ? e.getMessage() : e.toString());
    return e;
  }

  /** Records the DRAM tier will hold, to size its table once: no more than the budget or the heap allows. */
  private static long expectedDramRecords(StoreOptions options) {
    DataEstimate e = options.estimate();
    if (!e.known() || e.recordBytes() <= 0) {
      return 0;
    }
    long byBudget = (long) (Math.min(options.budgetBytes(), e.totalBytes()) / e.recordBytes());
    long byHeap = (long) (Runtime.getRuntime().maxMemory() / (e.recordBytes() + HEAP_BYTES_PER_RECORD));
    return Math.min(byBudget, byHeap);
  }
}
