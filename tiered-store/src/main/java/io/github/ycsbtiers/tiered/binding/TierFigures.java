package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.LiveFigures;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The store's counters on the runner's live metrics endpoint, under {@code tier}: DRAM hits and
 * misses, persistent reads and writes, device reads and their bytes, memtable hits and failures
 * and the engine's own counters (totals since measuring started, as the [TIER] section counts
 * them), and the engine's levels. Read from {@link TieredStore#counters} on the endpoint's thread.
 */
final class TierFigures implements LiveFigures.Source {
  private final TieredStore store;

  TierFigures(TieredStore store) {
    this.store = store;
  }

  /** The store is closing: its figures leave the endpoint. */
  static void unregisterFor(TieredStore store) {
    for (LiveFigures.Source s : LiveFigures.registered()) {
      if (s instanceof TierFigures f && f.store == store) {
        LiveFigures.unregister(s);
      }
    }
  }

  @Override
  public String name() {
    return "tier";
  }

  @Override
  public Map<String, Number> counters() {
    TieredStore.TierCounters s;
    try {
      s = store.counters();
    } catch (RuntimeException e) {
      return Map.of(); // a closing store
    }
    return new LinkedHashMap<>(totals(s));
  }

  /**
   * The store's counters as running totals, by the names the report, the timeline and the metrics
   * share: the [TIER] counters, then the engine's.
   */
  static Map<String, Long> totals(TieredStore.TierCounters s) {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("DramHits", s.dramHits());
    out.put("DramMisses", s.dramMisses());
    out.put("PersistentReads", s.persistentReads());
    out.put("PersistentWrites", s.persistentWrites());
    out.put("DeviceReads", s.device().reads());
    out.put("DeviceReadBytes", s.device().bytes());
    out.put("MemtableHits", s.device().memtableHits());
    out.put("Failures", s.failures());
    out.putAll(s.engine().counters());
    return out;
  }

  @Override
  public Map<String, Number> gauges() {
    try {
      return new LinkedHashMap<>(store.counters().engine().levels());
    } catch (RuntimeException e) {
      return Map.of();
    }
  }
}
