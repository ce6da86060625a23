package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import io.github.ycsbtiers.api.TimelineSources;
import io.github.ycsbtiers.tiered.store.TieredStore;
import io.github.ycsbtiers.tiered.usage.UsageProbe;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The store's figures in each row of the run's timeline, under {@code tier}: its counters over the
 * row (DRAM hits and misses, persistent reads and writes, device reads and bytes, memtable hits,
 * failures), the engine's ({@link io.github.ycsbtiers.tiered.store.engine.EngineFigures}: group commits,
 * RocksDB's write stalls, flushes and compactions, LMDB's map) as differences over the row and
 * its levels as they are at the row's end; for a row with commits, {@code CommitBatchMean}
 * (writes per commit) and {@code CommitMeanMicros} (time per commit, its sync included); and what
 * the store used in the row under {@code api.ResourceFigures}' names ({@link TierSection#usage}). From
 * {@link TieredStore#counters}, which leaves the DRAM tier's cache alone and lists no files (their
 * sizes are in the report's [TIER] section, once). The store's counters restart when measuring
 * starts; a counter found lower than at the last row has restarted and counts from 0.
 */
final class TierRows implements TimelineSources.Source {
  private final TieredStore store;
  private final UsageProbe usage;
  private final Map<String, Long> last = new LinkedHashMap<>();
  private UsageProbe.Sample lastUsage;

  TierRows(TieredStore store, UsageProbe usage) {
    this.store = store;
    this.usage = usage;
    this.lastUsage = usage.sample();
  }

  /** The store failed to open: its rows source leaves the timeline (whichever client instance registered it). */
  static void unregisterFor(TieredStore store) {
    for (TimelineSources.Source s : TimelineSources.registered()) {
      if (s instanceof TierRows rows && rows.store == store) {
        TimelineSources.unregister(s);
      }
    }
  }

  /**
   * The store is about to close, after the run: its rows source leaves the timeline, what it
   * counted since the last row kept for the run's last row (written after the cleanup).
   */
  static void retireFor(TieredStore store) {
    for (TimelineSources.Source s : TimelineSources.registered()) {
      if (s instanceof TierRows rows && rows.store == store) {
        TimelineSources.retire(s);
      }
    }
  }

  @Override
  public String name() {
    return "tier";
  }

  @Override
  public synchronized Map<String, Number> interval() {
    TieredStore.TierCounters s;
    try {
      s = store.counters();
    } catch (RuntimeException e) {
      return Map.of(); // a closing store: the row goes without its figures
    }
    Map<String, Number> out = new LinkedHashMap<>();
    TierFigures.totals(s).forEach((name, v) -> counter(out, name, v));
    out.putAll(s.engine().levels());
    Number commits = out.get("Commits");
    if (commits != null && commits.longValue() > 0) {
      double n = commits.doubleValue();
      out.put("CommitBatchMean", out.get("CommittedWrites").doubleValue() / n);
      out.put("CommitMeanMicros", out.get("CommitMicros").doubleValue() / n);
    }
    UsageProbe.Sample now = usage.sample();
    TierSection.usage(usage.between(lastUsage, now), out::put);
    lastUsage = now;
    return out;
  }

  private void counter(Map<String, Number> out, String name, long now) {
    Long before = last.put(name, now);
    out.put(name, before == null || now < before ? now : now - before);
  }
}
