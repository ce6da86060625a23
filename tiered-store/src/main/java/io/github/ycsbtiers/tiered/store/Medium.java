package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import java.util.Locale;

/** The persistent tier under the DRAM tier ({@code tiered.medium}). */
public enum Medium {
  /** LMDB with a write-mapped file: how Java uses a DAX-mounted persistent-memory device. */
  PMEM("LMDB, write-mapped"),
  /** RocksDB with its write-ahead log on a block device. */
  DISK("RocksDB");

  private final String engine;

  Medium(String engine) {
    this.engine = engine;
  }

  /** The property value, e.g. {@code pmem}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The engine behind it, for start-up lines and documentation. */
  public String engine() {
    return engine;
  }

  static Medium parse(String property, String value) {
    for (Medium m : values()) {
      if (m.label().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw PropertyException.badValue(property, value, "pmem (LMDB, write-mapped) or disk (RocksDB)");
  }
}
