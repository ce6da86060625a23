package io.github.ycsbtiers.tiered.store;

import java.util.Map;

/**
 * The syncs that made writes durable, and the writes they held: under {@code tiered.sync=always}
 * the group commit's commits (each a synced write of its batch: one WAL sync on disk) and the
 * writes gathered into them; under {@code periodic} the background syncs and the persistent tier's
 * writes; none under {@code none}.
 */
public record SyncCounts(long syncs, long writes) {
  static final SyncCounts NONE = new SyncCounts(0, 0);

  /** From the engine's running totals ({@code Commits}, {@code CommittedWrites}, {@code PeriodicSyncs}). */
  static SyncCounts of(SyncMode mode, Map<String, Long> engineCounters, long persistentWrites) {
    return switch (mode) {
      case ALWAYS -> new SyncCounts(engineCounters.getOrDefault("Commits", 0L),
          engineCounters.getOrDefault("CommittedWrites", 0L));
      case PERIODIC -> new SyncCounts(engineCounters.getOrDefault("PeriodicSyncs", 0L), persistentWrites);
      case NONE -> NONE;
    };
  }

  SyncCounts since(SyncCounts base) {
    return new SyncCounts(syncs - base.syncs, writes - base.writes);
  }

  /** Writes over syncs, 0 with no sync. */
  public double writesPerSync() {
    return syncs == 0 ? 0 : (double) writes / syncs;
  }
}
