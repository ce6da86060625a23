package io.github.ycsbtiers.tiered.store.internal;

import io.github.ycsbtiers.tiered.store.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The {@code disk} tier: RocksDB with its write-ahead log. Under {@code sync=always} writes go
 * through a {@link GroupCommit}: concurrent writers share one synced {@link WriteBatch}, so many
 * threads share the cost of an fsync. (RocksDB's own write groups do that too, but with more
 * writer threads than cores they hold about half the writers; the gathering leader gets them
 * all.) Without sync, writers call RocksDB directly and concurrently. Its own block cache
 * is kept small so that the DRAM tier's budget is what decides what is served from memory (the
 * OS page cache is outside the store's control).
 */
public final class RocksTier implements PersistentTier {
  public static final String MARKER_FILE = "CURRENT";
  private static final long BLOCK_CACHE_BYTES = 8L << 20;
  private static final int MAX_KEY_BYTES = 1 << 20;

  static {
    RocksDB.loadLibrary();
  }

  private final Options options;
  private final LRUCache blockCache;
  private final BloomFilter bloom;
  private final WriteOptions writeOptions;
  private final RocksDB db;
  private final Path dir;
  private final GroupCommit commits;

  private RocksTier(Path dir, boolean sync, int threads) throws RocksDBException {
    this.dir = dir;
    this.commits = sync ? new GroupCommit(threads, this::writeBatch) : null;
    this.blockCache = new LRUCache(BLOCK_CACHE_BYTES);
    this.bloom = new BloomFilter(10);
    this.options = new Options()
        .setCreateIfMissing(true)
        .setMaxBackgroundJobs(2)
        .setKeepLogFileNum(2)
        .setTableFormatConfig(new BlockBasedTableConfig().setBlockCache(blockCache).setFilterPolicy(bloom));
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
   * the WAL holding it is synced. {@code threads}: the writers that may write at once.
   */
  public static RocksTier open(Path dir, boolean sync, int threads) {
    try {
      return new RocksTier(dir, sync, threads);
    } catch (RocksDBException e) {
      throw new StoreException("cannot open RocksDB in " + dir + ": " + e.getMessage(), e);
    }
  }

  @Override
  public byte[] get(byte[] key) {
    try {
      return db.get(key);
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
    options.close();
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
