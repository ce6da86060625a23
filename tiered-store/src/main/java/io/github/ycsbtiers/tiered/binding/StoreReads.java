package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.TieredStore;

/**
 * The store's reads that the asynchronous path makes ({@link AsyncOperation}). An interface so a
 * test can put a wrapper between the path and the real store (a read that stalls) without the
 * path checking for tests.
 */
interface StoreReads {
  /** {@link TieredStore#lookupDram}. */
  byte[] lookupDram(String key);

  /** {@link TieredStore#readMissedIfFree}. */
  byte[] readMissedIfFree(String key);

  /** {@link TieredStore#readMissed}. */
  byte[] readMissed(String key);

  static StoreReads of(TieredStore store) {
    return new StoreReads() {
      @Override
      public byte[] lookupDram(String key) {
        return store.lookupDram(key);
      }

      @Override
      public byte[] readMissedIfFree(String key) {
        return store.readMissedIfFree(key);
      }

      @Override
      public byte[] readMissed(String key) {
        return store.readMissed(key);
      }
    };
  }
}
