package io.github.ycsbtiers.tiered.store;

/**
 * How {@link TieredStore#open(StoreOptions, EngineSettings)} opens the persistent tier, derived
 * from the options by {@link #of}. Package-private so that no property or command line reaches it:
 * tests in this package open a store with other settings (a mutation test without syncs, a small
 * LMDB map that a test-sized run makes grow) through the same code as every store.
 *
 * @param syncEachWrite whether a write is acknowledged only once synced ({@code sync=always})
 * @param syncPeriodically whether a background thread syncs every interval ({@code sync=periodic})
 * @param lmdbMapBytes the map LMDB ({@code pmem}) opens with
 */
record EngineSettings(boolean syncEachWrite, boolean syncPeriodically, long lmdbMapBytes) {
  private static final long MIN_MAP_BYTES = 64L << 20;
  private static final long UNKNOWN_DATA_MAP_BYTES = 1L << 30;
  private static final int MAP_HEADROOM = 3;

  static EngineSettings of(StoreOptions options) {
    return new EngineSettings(options.sync() == SyncMode.ALWAYS, options.sync() == SyncMode.PERIODIC,
        mapBytes(options.estimate()));
  }

  /** No sync at all, whatever the options say: writes are acknowledged before they are durable. */
  EngineSettings withoutSync() {
    return new EngineSettings(false, false, lmdbMapBytes);
  }

  EngineSettings withLmdbMapBytes(long bytes) {
    return new EngineSettings(syncEachWrite, syncPeriodically, bytes);
  }

  private static long mapBytes(DataEstimate estimate) {
    if (!estimate.known()) {
      return UNKNOWN_DATA_MAP_BYTES;
    }
    double bytes = (double) estimate.totalBytes() * MAP_HEADROOM;
    return Math.max(MIN_MAP_BYTES, bytes >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) bytes);
  }
}
