package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import java.nio.file.Path;

/**
 * A snapshot of the store's counters since it was opened. Lookups are the DRAM-tier look-ups of
 * {@link TieredStore#get} and {@link TieredStore#update}; warm-up at open is counted apart.
 *
 * @param blockCacheBytes    RocksDB's block cache on disk, carved out of the memory budget (0 on pmem)
 * @param dramHits           look-ups served from DRAM
 * @param dramMisses         look-ups that went to the persistent tier
 * @param persistentReads    point reads of the persistent tier
 * @param persistentWrites   puts and deletes the persistent tier accepted
 * @param persistentScans    range scans of the persistent tier
 * @param dramBytes          key and value bytes held in DRAM now
 * @param dramRecords        records held in DRAM now (approximate)
 * @param mediumBytes        bytes the persistent tier occupies on its medium
 * @param warmupRecords      records loaded into DRAM at open
 * @param warmupSavedRecords of them, records whose keys DRAM held at the last close ({@link WarmupMode#SAVED})
 * @param failures           operations that failed with an exception
 * @param firstFailure       the first of them, or null
 * @param device             what the persistent tier read from its files, and the process from its devices
 * @param syncs              the syncs that made writes durable and the writes they held, since measuring started
 */
public record TierStats(Medium medium, Path path, SyncMode sync, long budgetBytes, long blockCacheBytes,
                        long estimatedDataBytes,
                        long dramHits, long dramMisses, long persistentReads, long persistentWrites,
                        long persistentScans, long dramBytes, long dramRecords, long mediumBytes,
                        long warmupRecords, long warmupSavedRecords, long failures,
                        String firstFailure, DeviceReads device, SyncCounts syncs) {

  /** Hits over look-ups, 0 when there were none. */
  public double dramHitRatio() {
    long lookups = dramHits + dramMisses;
    return lookups == 0 ? 0 : (double) dramHits / lookups;
  }
}
