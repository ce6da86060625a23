package io.github.ycsbtiers.tiered.store.internal;

/**
 * The ordered key-value engine under the DRAM tier. Thread-safe. A write returns once the engine
 * accepted it, and under {@code tiered.sync=always} once it is durable; under {@code periodic}
 * {@link PeriodicSyncTier} calls {@link #sync} every interval. Failures are
 * {@link io.github.ycsbtiers.tiered.store.engine.StoreException}s.
 */
public interface PersistentTier extends AutoCloseable {

  /** The value stored under {@code key}, a fresh array, or null. */
  byte[] get(byte[] key);

  /**
   * The values of {@code keys}, which are in the engine's key order (ascending unsigned bytes), into
   * {@code values} at the same index (null where a key is not stored): one {@link #get} per key,
   * unless the engine reads many keys in order more cheaply (a warm start reading thousands).
   *
   * @return true if the keys named every record the tier holds, false if not or not known
   */
  default boolean getInOrder(byte[][] keys, byte[][] values) {
    for (int i = 0; i < keys.length; i++) {
      values[i] = get(keys[i]);
    }
    return false;
  }

  void put(byte[] key, byte[] value);

  /** Removes {@code key}; false if it was not there. */
  boolean delete(byte[] key);

  /**
   * Visits records in key order from the first key at or after {@code startKey} (every record
   * when it is empty) until the visitor returns false or the records run out.
   */
  void scan(byte[] startKey, EntryVisitor visitor);

  /**
   * Makes every write this tier acknowledged before the call durable (for a tier opened without
   * syncs, under {@code tiered.sync=periodic}); safe to call while other threads write.
   */
  void sync();

  /** Bytes the tier occupies on its medium. */
  long mediumBytes();

  /** The longest key the engine accepts. */
  int maxKeyBytes();

  /**
   * The engine's file reads since it opened or since {@link #restartCounts}; {@code processReadBytes}
   * is passed through (see {@link io.github.ycsbtiers.tiered.store.engine.DeviceReads}).
   */
  default io.github.ycsbtiers.tiered.store.engine.DeviceReads deviceReads(long processReadBytes) {
    return io.github.ycsbtiers.tiered.store.engine.DeviceReads.uncounted(processReadBytes);
  }

  /** The engine's own counters and levels for the run's timeline; cheap enough to ask every second. */
  default io.github.ycsbtiers.tiered.store.engine.EngineFigures figures() {
    return io.github.ycsbtiers.tiered.store.engine.EngineFigures.NONE;
  }

  /** Restarts the counts of {@link #deviceReads}: measuring starts now. */
  default void restartCounts() {
  }

  @Override
  void close();

  /** Receives one record; fresh arrays. */
  @FunctionalInterface
  interface EntryVisitor {
    /** Returns false to stop. */
    boolean visit(byte[] key, byte[] value);
  }
}
