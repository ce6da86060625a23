package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import java.util.Locale;

/**
 * How opening the store fills the DRAM tier ({@code tiered.warmup}). Each {@code bin/ycsb} phase is
 * its own JVM; a warm-up makes a phase start as a long-running server would be after the previous
 * one, not with an empty DRAM tier.
 */
public enum WarmupMode {
  /**
   * First the keys the DRAM tier held when the store was last closed, hottest first (as the cache's
   * policy ranked them), then the rest of the budget in key order. Without a saved list, key order.
   */
  SAVED("saved"),
  /** Key order from the first key, up to the budget (what a Load into an empty store leaves). */
  KEY_ORDER("keyorder"),
  /** An empty DRAM tier. */
  NONE("none");

  private final String label;

  WarmupMode(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** A label, or {@code true} (= saved) and {@code false} (= none), the values before there were modes. */
  static WarmupMode parse(String property, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true")) {
      return SAVED;
    }
    if (v.equals("false")) {
      return NONE;
    }
    for (WarmupMode m : values()) {
      if (m.label.equals(v)) {
        return m;
      }
    }
    throw PropertyException.badValue(property, value, "saved (the keys DRAM held at the last close, then key order),"
        + " keyorder or none; true = saved, false = none");
  }
}
