package io.github.ycsbtiers.tiered.store;

/** Breaks the store on purpose, for tests that show they detect the break (mutation tests). */
public final class StoreMutations {
  private StoreMutations() {
  }

  /**
   * From now on, stores opened in this JVM acknowledge writes under {@code sync=always} without
   * syncing them, and run no background syncer under {@code sync=periodic}.
   */
  public static void skipSync() {
    TieredStore.skipSyncForMutationTest = true;
  }

  /**
   * Not a break: from now on, stores opened in this JVM start LMDB's map at {@code bytes} rather
   * than at least 64 MiB, so that a test-sized run on {@code pmem} makes it grow.
   */
  public static void smallLmdbMap(long bytes) {
    TieredStore.lmdbMapBytesForTest = bytes;
  }
}
