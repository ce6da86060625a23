package io.github.ycsbtiers.tiered.store.engine;

import java.util.Map;

/**
 * What the persistent tier's engine says about its own work, for the run's timeline: counters
 * that only grow (the timeline takes their difference per row) and levels (taken as they are).
 * Names are the timeline's: for both engines {@code Commits}, {@code CommittedWrites} and
 * {@code CommitMicros} of the group commit (the writes it gathered into commits and the time the
 * commits took, syncs included); under {@code tiered.sync=periodic} {@code PeriodicSyncs} and
 * {@code PeriodicSyncMicros} (the background syncs and their time); on {@code disk} RocksDB's
 * {@code StallMicros} (writers held back by write stalls, summed over writers),
 * {@code FlushWriteBytes}, {@code CompactReadBytes}, {@code CompactWriteBytes}, and the levels
 * {@code Level0Files}, {@code ImmutableMemtables}, {@code RunningCompactions}, {@code WriteStopped}
 * (1 while writes are stopped), {@code LiveSstBytes} and {@code PendingCompactionBytes}; on {@code pmem} LMDB's {@code MapGrowths} and the level
 * {@code MapBytes}.
 *
 * @param counters running totals since the engine opened or its counts restarted
 * @param levels values at the moment of asking
 */
public record EngineFigures(Map<String, Long> counters, Map<String, Long> levels) {
  /** An engine that reports nothing. */
  public static final EngineFigures NONE = new EngineFigures(Map.of(), Map.of());
}
