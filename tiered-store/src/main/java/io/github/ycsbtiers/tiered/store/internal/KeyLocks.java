package io.github.ycsbtiers.tiered.store.internal;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped per-key locks. A writer holds its key's stripe from the persistent write to the DRAM
 * update, and a reader that missed DRAM holds it from the persistent read to the promotion, so a
 * promotion can never put back a value older than one a concurrent write already made visible.
 */
public final class KeyLocks {
  private final ReentrantLock[] stripes;
  private final int mask;

  /** {@code stripes} is rounded up to a power of two. */
  public KeyLocks(int stripes) {
    int n = Integer.highestOneBit(Math.max(1, stripes - 1)) << 1;
    this.stripes = new ReentrantLock[n];
    for (int i = 0; i < n; i++) {
      this.stripes[i] = new ReentrantLock();
    }
    this.mask = n - 1;
  }

  public ReentrantLock lockFor(String key) {
    int h = key.hashCode();
    return stripes[(h ^ (h >>> 16)) & mask];
  }
}
