package io.github.ycsbtiers.tiered.store.engine;

/**
 * What the persistent tier read from its files since the store's counts last restarted (the
 * measured phase): reads that the block cache did not serve and their bytes, from RocksDB's
 * statistics (0 on pmem: LMDB reads its map in place); the bytes the whole process read from block
 * devices, from {@code /proc/self/io} ({@code read_bytes}, -1 where there is none), the cross-check;
 * and the latency of the file reads of point lookups.
 *
 * @param directIo         whether the disk tier reads with direct I/O, bypassing the OS page cache
 * @param reads            file reads of the persistent tier
 * @param bytes            bytes of those reads
 * @param blockCacheHits   data-block look-ups the block cache served
 * @param memtableHits     point lookups served by RocksDB's memtable (writes not yet flushed to a table file)
 * @param processReadBytes bytes the process read from block devices
 * @param p50Micros        median latency of a point lookup's file read, microseconds (0 without any)
 * @param p99Micros        99th percentile of the same
 * @param maxMicros        the longest of the same
 */
public record DeviceReads(boolean directIo, long reads, long bytes, long blockCacheHits, long memtableHits,
                          long processReadBytes,
                          double p50Micros, double p99Micros, double maxMicros) {
  /** No file reads counted by the engine (LMDB): only the process's own figure. */
  public static DeviceReads uncounted(long processReadBytes) {
    return new DeviceReads(false, 0, 0, 0, 0, processReadBytes, 0, 0, 0);
  }

  /** The same figures with the process's device bytes replaced. */
  public DeviceReads withProcessReadBytes(long processBytes) {
    return new DeviceReads(directIo, reads, bytes, blockCacheHits, memtableHits, processBytes, p50Micros, p99Micros,
        maxMicros);
  }
}
