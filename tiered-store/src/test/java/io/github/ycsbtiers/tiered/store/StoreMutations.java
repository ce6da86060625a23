package io.github.ycsbtiers.tiered.store;

import java.util.Properties;

/**
 * Opens a store with engine settings no property reaches, for the binding in this JVM to take up
 * ({@link SharedStores#prepare}): a store broken on purpose, for tests that show they detect the
 * break (mutation tests), or one whose LMDB map starts small.
 */
public final class StoreMutations {
  private StoreMutations() {
  }

  /**
   * Opens the store that {@code properties} describe (as the binding parses them) with the settings
   * they imply, except that it never syncs when {@code skipSync} (writes under {@code sync=always}
   * are acknowledged unsynced, no background syncer runs under {@code sync=periodic}) and, when
   * {@code lmdbMapBytes} is above 0, LMDB's map starts at that size rather than at least 64 MiB (not
   * a break: a test-sized run on {@code pmem} makes it grow).
   */
  public static void open(Properties properties, boolean skipSync, long lmdbMapBytes) {
    StoreOptions options = StoreOptions.fromProperties(properties);
    EngineSettings engine = EngineSettings.of(options);
    if (skipSync) {
      engine = engine.withoutSync();
    }
    if (lmdbMapBytes > 0) {
      engine = engine.withLmdbMapBytes(lmdbMapBytes);
    }
    SharedStores.prepare(options, engine);
  }
}
