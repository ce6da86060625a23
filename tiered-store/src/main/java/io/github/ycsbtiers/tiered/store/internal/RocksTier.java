package io.github.ycsbtiers.tiered.store.internal;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import io.github.ycsbtiers.tiered.store.engine.EngineFigures;
import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.ConfigOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.HistogramData;
import org.rocksdb.HistogramType;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Statistics;
import org.rocksdb.StatsLevel;
import org.rocksdb.TickerType;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The {@code disk} tier: RocksDB with its write-ahead log. Under {@code sync=always} writes go
 * through a {@link GroupCommit}: concurrent writers share one synced {@link WriteBatch}, so many
 * threads share the cost of an fsync. (RocksDB's own write groups do that too, but with more
 * writer threads than cores they hold about half the writers; the gathering leader gets them
 * all.) Without sync, writers call RocksDB directly and concurrently.
 *
 * <p>With direct I/O (the default where the file system allows it) table files are read, flushed
 * and compacted with {@code O_DIRECT}: what neither the DRAM tier nor RocksDB's block cache holds
 * comes from the device, so data larger than memory means reads from the device at any scale.
 * The block cache is carved out of the store's memory budget. RocksDB's statistics count the file
 * reads ({@link #deviceReads}).
 */
public final class RocksTier implements PersistentTier {
  public static final String MARKER_FILE = "CURRENT";
  private static final int MAX_KEY_BYTES = 1 << 20;
  /** Compaction reads ahead this much with direct I/O (RocksDB's advice; there is no OS read-ahead). */
  private static final long COMPACTION_READAHEAD_BYTES = 2L << 20;

  static {
    RocksDB.loadLibrary();
  }

  private final Options options;
  private final LRUCache blockCache;
  private final BloomFilter bloom;
  private final WriteOptions writeOptions;
  /**
   * Point reads leave the block cache as it is: the DRAM tier is their cache, and a block read for
   * one record of a missed key is rarely read again before it is evicted (1:4 Uniform-Read: 0.7% of
   * device reads were block cache hits), while filling costs an insert and an eviction per miss.
   */
  private final ReadOptions pointReads = new ReadOptions().setFillCache(false);
  private final RocksDB db;
  private final Path dir;
  private final GroupCommit commits;
  private final Statistics statistics;
  private final boolean directIo;

  private RocksTier(Path dir, boolean sync, int threads, boolean directIo, long blockCacheBytes,
      Map<String, String> columnFamilyOptions) throws RocksDBException {
    this.dir = dir;
    this.directIo = directIo;
    this.commits = sync ? new GroupCommit(threads, this::writeBatch) : null;
    this.blockCache = new LRUCache(blockCacheBytes);
    this.bloom = new BloomFilter(10);
    this.statistics = new Statistics();
    // file-read timings are "detailed timers": the level that keeps them and leaves out only mutex waits
    statistics.setStatsLevel(StatsLevel.EXCEPT_TIME_FOR_MUTEX);
    this.options = baseOptions(columnFamilyOptions)
        .setCreateIfMissing(true)
        .setMaxBackgroundJobs(2)
        .setKeepLogFileNum(2)
        .setStatistics(statistics)
        .setUseDirectReads(directIo)
        .setUseDirectIoForFlushAndCompaction(directIo)
        .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(blockCache).setFilterPolicy(bloom)
            // with direct I/O a block read is a read of whole pages: a block aligned to the page
            // is one page, not the two that one straddling a page boundary costs
            .setBlockAlign(directIo));
    if (directIo) {
      // aligned blocks must not be compressed (RocksDB refuses the pair)
      options.setCompressionType(CompressionType.NO_COMPRESSION).setCompactionReadaheadSize(COMPACTION_READAHEAD_BYTES);
    }
    this.writeOptions = new WriteOptions().setSync(sync);
    RocksDB opened;
    try {
      opened = RocksDB.open(options, dir.toString());
    } catch (RocksDBException e) {
      closeOptions();
      throw e;
    }
    this.db = opened;
  }

  /**
   * Opens (creating if needed) the database in {@code dir}; with {@code sync} a write returns once
   * the WAL holding it is synced. {@code threads}: the writers that may write at once; {@code
   * directIo}: table files read, flushed and compacted with O_DIRECT (the caller checked that the
   * file system allows it); {@code blockCacheBytes}: RocksDB's block cache; {@code
   * columnFamilyOptions}: RocksDB column-family options by RocksDB's own names (checked with
   * {@link #checkColumnFamilyOption}), under the table format, compression and statistics this
   * class sets.
   */
  public static RocksTier open(Path dir, boolean sync, int threads, boolean directIo, long blockCacheBytes,
      Map<String, String> columnFamilyOptions) {
    try {
      return new RocksTier(dir, sync, threads, directIo, blockCacheBytes, columnFamilyOptions);
    } catch (RocksDBException e) {
      throw new StoreException("cannot open RocksDB in " + dir + ": " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] get(byte[] key) {
    try {
      return db.get(pointReads, key);
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB read failed: " + e.getMessage(), e);
    }
  }

  /** With one iterator ({@link OrderedGets}): a get per key would read a block per key. */
  @Override
  public boolean getInOrder(byte[][] keys, byte[][] values) {
    try (RocksIterator it = db.newIterator()) {
      return OrderedGets.read(it, keys, values);
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB read failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void put(byte[] key, byte[] value) {
    if (commits != null) {
      commits.put(key, value);
      return;
    }
    try {
      db.put(writeOptions, key, value);
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB write failed: " + e.getMessage(), e);
    }
  }

  /** RocksDB's delete does not say whether the key existed, so this reads first (callers hold the key's lock). */
  @Override
  public boolean delete(byte[] key) {
    try {
      if (db.get(key) == null) {
        return false;
      }
      if (commits != null) {
        commits.delete(key);
      } else {
        db.delete(writeOptions, key);
      }
      return true;
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB delete failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void scan(byte[] startKey, EntryVisitor visitor) {
    try (RocksIterator it = db.newIterator()) {
      if (startKey.length == 0) {
        it.seekToFirst();
      } else {
        it.seek(startKey);
      }
      while (it.isValid() && visitor.visit(it.key(), it.value())) {
        it.next();
      }
      it.status();
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB scan failed: " + e.getMessage(), e);
    }
  }

  /**
   * {@code SyncWAL}: syncs every live write-ahead log file (and the directory when a new one was
   * created since its last sync), without holding writers back. The store never sets {@code
   * manual_wal_flush}, so every write is in the log file when it returns and {@code FlushWAL(true)}
   * would add nothing.
   */
  @Override
  public void sync() {
    try {
      db.syncWal();
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB WAL sync failed: " + e.getMessage(), e);
    }
  }

  /** Sizes of the files in the database directory: tables, write-ahead log, manifest. */
  @Override
  public long mediumBytes() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(RocksTier::size).sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public int maxKeyBytes() {
    return MAX_KEY_BYTES;
  }

  /**
   * Table-file reads from RocksDB's statistics: the reads and bytes of every level (which the
   * block cache did not serve), the data-block hits of the block cache, the lookups the memtable
   * served, and the file-read latency of point lookups.
   */
  @Override
  public DeviceReads deviceReads(long processReadBytes) {
    HistogramData get = statistics.getHistogramData(HistogramType.FILE_READ_GET_MICROS);
    boolean any = get.getCount() > 0;
    return new DeviceReads(directIo,
        statistics.getTickerCount(TickerType.LAST_LEVEL_READ_COUNT)
            + statistics.getTickerCount(TickerType.NON_LAST_LEVEL_READ_COUNT),
        statistics.getTickerCount(TickerType.LAST_LEVEL_READ_BYTES)
            + statistics.getTickerCount(TickerType.NON_LAST_LEVEL_READ_BYTES),
        statistics.getTickerCount(TickerType.BLOCK_CACHE_DATA_HIT), statistics.getTickerCount(TickerType.MEMTABLE_HIT),
        processReadBytes,
        any ? get.getMedian() : 0, any ? get.getPercentile99() : 0, any ? get.getMax() : 0);
  }

  /**
   * Why RocksDB refuses {@code name=value} as a column-family option (an unknown name or a value it
   * cannot parse), or null if it takes it.
   */
  public static String checkColumnFamilyOption(String name, String value) {
    Properties one = new Properties();
    one.setProperty(name, value);
    try (ConfigOptions config = new ConfigOptions()) {
      ColumnFamilyOptions parsed = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(config, one);
      if (parsed == null) {
        return "RocksDB does not take it as a column-family option (an unknown name, or a value it cannot parse)";
      }
      parsed.close();
      return null;
    }
  }

  /** Options with the column-family options given, or RocksDB's defaults. */
  private static Options baseOptions(Map<String, String> columnFamilyOptions) {
    if (columnFamilyOptions.isEmpty()) {
      return new Options();
    }
    Properties props = new Properties();
    props.putAll(columnFamilyOptions);
    try (ConfigOptions config = new ConfigOptions(); DBOptions db = new DBOptions()) {
      ColumnFamilyOptions cf = ColumnFamilyOptions.getColumnFamilyOptionsFromProps(config, props);
      if (cf == null) {
        throw new StoreException("RocksDB refused the column-family options " + columnFamilyOptions);
      }
      try (cf) {
        return new Options(db, cf);
      }
    }
  }

  /**
   * The group commit's figures under {@code sync=always}; RocksDB's write stalls, flush and
   * compaction bytes (statistics, restarted with the counts) and its level-0 files, immutable
   * memtables, running compactions, whether writes are stopped, the live SST files' bytes and the
   * compaction bytes it estimates are pending (properties, now).
   */
  @Override
  public EngineFigures figures() {
    Map<String, Long> counters = new LinkedHashMap<>();
    if (commits != null) {
      commits.addFigures(counters);
    }
    counters.put("StallMicros", statistics.getTickerCount(TickerType.STALL_MICROS));
    counters.put("FlushWriteBytes", statistics.getTickerCount(TickerType.FLUSH_WRITE_BYTES));
    counters.put("CompactReadBytes", statistics.getTickerCount(TickerType.COMPACT_READ_BYTES));
    counters.put("CompactWriteBytes", statistics.getTickerCount(TickerType.COMPACT_WRITE_BYTES));
    Map<String, Long> levels = new LinkedHashMap<>();
    level(levels, "Level0Files", "rocksdb.num-files-at-level0");
    level(levels, "ImmutableMemtables", "rocksdb.num-immutable-mem-table");
    level(levels, "RunningCompactions", "rocksdb.num-running-compactions");
    level(levels, "WriteStopped", "rocksdb.is-write-stopped");
    // what a long run watches grow: the data on disk, and the compaction work it owes
    level(levels, "LiveSstBytes", "rocksdb.live-sst-files-size");
    level(levels, "PendingCompactionBytes", "rocksdb.estimate-pending-compaction-bytes");
    return new EngineFigures(counters, levels);
  }

  private void level(Map<String, Long> levels, String name, String property) {
    try {
      // getLongProperty knows only RocksDB's integer properties; num-files-at-level<N> is a string one
      levels.put(name, Long.parseLong(db.getProperty(property).trim()));
    } catch (RocksDBException | NumberFormatException e) {
      // a property this RocksDB does not have: the row goes without it
    }
  }

  @Override
  public void restartCounts() {
    try {
      statistics.reset();
    } catch (RocksDBException e) {
      throw new StoreException("RocksDB statistics reset failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    db.close();
    closeOptions();
  }

  private void writeBatch(List<WriteRequest> batch) throws RocksDBException {
    try (WriteBatch writes = new WriteBatch()) {
      for (WriteRequest r : batch) {
        if (r.value() == null) {
          writes.delete(r.key());
        } else {
          writes.put(r.key(), r.value());
        }
      }
      db.write(writeOptions, writes);
    }
  }

  private void closeOptions() {
    writeOptions.close();
    pointReads.close();
    options.close();
    statistics.close();
    bloom.close();
    blockCache.close();
  }

  private static long size(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0; // a file removed by compaction meanwhile
    }
  }
}
