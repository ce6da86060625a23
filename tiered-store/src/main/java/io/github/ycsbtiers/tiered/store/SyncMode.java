package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import java.util.Locale;

/** When an acknowledged write is durable ({@code tiered.sync}). */
public enum SyncMode {
  /** Every acknowledged write has been flushed to the medium (fsync / msync), batched across threads. */
  ALWAYS,
  /**
   * Acknowledged writes are made durable by a background sync every {@code tiered.sync.interval}:
   * after a power loss every write acknowledged more than the interval plus one sync's duration
   * before it survives; later ones may be lost.
   */
  PERIODIC,
  /** Acknowledged writes are in the OS page cache: they survive a process crash, not a power loss. */
  NONE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static SyncMode parse(String property, String value) {
    for (SyncMode m : values()) {
      if (m.label().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw PropertyException.badValue(property, value, "always (every acknowledged write durable), periodic (a sync"
        + " every " + StoreProperties.SYNC_INTERVAL + ") or none (flushing left to the OS)");
  }
}
