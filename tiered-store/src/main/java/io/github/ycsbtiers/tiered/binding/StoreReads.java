package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.TieredStore;

/**
 * The store's reads that the asynchronous path makes ({@link AsyncOperation}). Not final, so a test
 * can put a subclass between the path and the real store (a read that stalls) without the path
 * checking for tests.
 */
class StoreReads {
  private final TieredStore store;

  StoreReads(TieredStore store) {
    this.store = store;
  }

  /** {@link TieredStore#lookupDram}. */
  byte[] lookupDram(String key) {
    return store.lookupDram(key);
  }

  /** {@link TieredStore#readMissedIfFree}. */
  byte[] readMissedIfFree(String key) {
    return store.readMissedIfFree(key);
  }

  /** {@link TieredStore#readMissed}. */
  byte[] readMissed(String key) {
    return store.readMissed(key);
  }
}
