package io.github.ycsbtiers.tiered.store.internal;

import io.github.ycsbtiers.tiered.store.engine.EngineFigures;
import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.StampedLock;
import org.lmdbjava.CursorIterable;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.KeyRange;
import org.lmdbjava.LmdbException;
import org.lmdbjava.Txn;

/**
 * The {@code pmem} tier: LMDB with a write-mapped file ({@code MDB_WRITEMAP}), so writes are
 * stores into the mapping, which on a DAX-mounted device are stores into persistent memory. LMDB
 * has one writer at a time: writes go through a {@link GroupCommit}, one transaction and one
 * commit (with its sync under {@code sync=always}) per batch; under {@code periodic} {@link #sync}
 * runs between batches. The map grows (doubles) when full; remapping needs every reader out,
 * hence the read/write lock around reads. A get reuses its thread's read transaction
 * ({@link ReadTxns}) instead of beginning one.
 */
public final class LmdbTier implements PersistentTier {
  public static final String DATA_FILE = "data.mdb";
  private static final int MIN_READERS = 126;

  private final Env<ByteBuffer> env;
  private final Dbi<ByteBuffer> dbi;
  private final GroupCommit commits;
  private final StampedLock mapLock = new StampedLock();
  private final int maxKey;
  private final ThreadLocal<ByteBuffer> readKeys;
  private final ReadTxns readTxns;
  private final ByteBuffer writeKey; // leader only
  private volatile long mapSize; // written by the leader only, under the write lock
  private volatile long mapGrowths; // written by the leader only

  private LmdbTier(Env<ByteBuffer> env, long mapSize, int threads) {
    this.env = env;
    this.mapSize = mapSize;
    this.dbi = env.openDbi((byte[]) null, DbiFlags.MDB_CREATE);
    this.maxKey = env.getMaxKeySize();
    this.readKeys = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(maxKey));
    this.readTxns = new ReadTxns(env);
    this.writeKey = ByteBuffer.allocateDirect(maxKey);
    this.commits = new GroupCommit(threads, this::writeBatch);
  }

  /**
   * Opens (creating if needed) the environment in {@code dir} with a map of at least
   * {@code mapBytes}, room for {@code threads} concurrent readers, and {@code MDB_NOSYNC} unless
   * {@code sync}.
   */
  public static LmdbTier open(Path dir, long mapBytes, int threads, boolean sync) {
    try {
      Path data = dir.resolve(DATA_FILE);
      long size = Math.max(mapBytes, Files.exists(data) ? Files.size(data) : 0);
      // MDB_NOTLS: a reader slot belongs to a read transaction, not to a thread (ReadTxns)
      EnvFlags[] flags = sync ? new EnvFlags[] {EnvFlags.MDB_WRITEMAP, EnvFlags.MDB_NOTLS}
          : new EnvFlags[] {EnvFlags.MDB_WRITEMAP, EnvFlags.MDB_NOSYNC, EnvFlags.MDB_NOTLS};
      Env<ByteBuffer> env = Env.create()
          .setMapSize(size)
          .setMaxDbs(1)
          .setMaxReaders(Math.max(MIN_READERS, threads + 16))
          .open(dir.toFile(), flags);
      try {
        env.readerCheck(); // frees reader slots a killed process left behind
        // LMDB creates data.mdb and never syncs a directory: without this, only a file system
        // that persists a new file's name with its first fsync (ext4) keeps the data file's name
        DirectorySync.sync(dir);
        return new LmdbTier(env, size, threads);
      } catch (RuntimeException | IOException e) {
        env.close();
        throw e;
      }
    } catch (IOException | LmdbException e) {
      throw new StoreException("cannot open LMDB in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** In the thread's own read transaction, renewed for the read and reset after it ({@link ReadTxns}). */
  @Override
  public byte[] get(byte[] key) {
    long stamp = mapLock.readLock();
    try {
      Txn<ByteBuffer> txn = readTxns.renew();
      try {
        ByteBuffer v = dbi.get(txn, readKey(key));
        return v == null ? null : copy(v);
      } finally {
        txn.reset();
      }
    } catch (LmdbException e) {
      throw new StoreException("LMDB read failed: " + e.getMessage(), e);
    } finally {
      mapLock.unlockRead(stamp);
    }
  }

  /**
   * In one read transaction (a transaction per get costs more than the get); the tree's record
   * count says whether the keys named every record.
   */
  @Override
  public boolean getInOrder(byte[][] keys, byte[][] values) {
    long stamp = mapLock.readLock();
    try (Txn<ByteBuffer> txn = env.txnRead()) {
      long distinctFound = 0;
      for (int i = 0; i < keys.length; i++) {
        ByteBuffer v = dbi.get(txn, readKey(keys[i]));
        values[i] = v == null ? null : copy(v);
        boolean repeat = i > 0 && Arrays.equals(keys[i], keys[i - 1]);
        distinctFound += v != null && !repeat ? 1 : 0;
      }
      return distinctFound == dbi.stat(txn).entries;
    } catch (LmdbException e) {
      throw new StoreException("LMDB read failed: " + e.getMessage(), e);
    } finally {
      mapLock.unlockRead(stamp);
    }
  }

  @Override
  public void put(byte[] key, byte[] value) {
    commits.put(key, value);
  }

  @Override
  public boolean delete(byte[] key) {
    return commits.delete(key);
  }

  @Override
  public void scan(byte[] startKey, EntryVisitor visitor) {
    long stamp = mapLock.readLock();
    try (Txn<ByteBuffer> txn = env.txnRead();
         CursorIterable<ByteBuffer> records = dbi.iterate(txn,
             startKey.length == 0 ? KeyRange.all() : KeyRange.atLeast(readKey(startKey)))) {
      for (CursorIterable.KeyVal<ByteBuffer> kv : records) {
        if (!visitor.visit(copy(kv.key()), copy(kv.val()))) {
          break;
        }
      }
    } catch (LmdbException e) {
      throw new StoreException("LMDB scan failed: " + e.getMessage(), e);
    } finally {
      mapLock.unlockRead(stamp);
    }
  }

  /** Pages in use times the page size: the data file itself is as large as the (sparse) map. */
  @Override
  public long mediumBytes() {
    long stamp = mapLock.readLock();
    try {
      return (env.info().lastPageNumber + 1) * env.stat().pageSize;
    } finally {
      mapLock.unlockRead(stamp);
    }
  }

  @Override
  public int maxKeyBytes() {
    return maxKey;
  }

  /**
   * {@code mdb_env_sync} with force: an {@code msync} of the map, which persists the last commit
   * (opened with {@code MDB_NOSYNC}, commits only write into the map). It runs between commits:
   * a commit during the msync could overwrite a page of the tree being persisted before the msync
   * wrote it (LMDB reuses a page once no reader's snapshot needs it), or grow (remap) the map.
   */
  @Override
  public void sync() {
    commits.runBetweenCommits(() -> {
      try {
        env.sync(true);
      } catch (LmdbException e) {
        throw new StoreException("LMDB sync failed: " + e.getMessage(), e);
      }
    });
  }

  /** Commits so far; fewer than writes when writers shared commits. */
  public long commits() {
    return commits.batches();
  }

  /** The group commit's figures, the map's growths (counter) and its size now ({@code MapBytes}). */
  @Override
  public EngineFigures figures() {
    Map<String, Long> counters = new LinkedHashMap<>();
    commits.addFigures(counters);
    counters.put("MapGrowths", mapGrowths);
    return new EngineFigures(counters, Map.of("MapBytes", mapSize));
  }

  @Override
  public void close() {
    long stamp = mapLock.writeLock();
    try {
      readTxns.close();
    } finally {
      mapLock.unlockWrite(stamp);
    }
    env.close();
  }

  /** Read transactions made so far (tests: one per reading thread, not one per get). */
  int readTxnsCreated() {
    return readTxns.created();
  }

  private void writeBatch(List<WriteRequest> batch) {
    while (true) {
      try (Txn<ByteBuffer> txn = env.txnWrite()) {
        for (WriteRequest r : batch) {
          writeKey.clear().put(r.key()).flip();
          if (r.value() == null) {
            r.existed(dbi.delete(txn, writeKey));
          } else {
            // MDB_RESERVE: the value is copied once, straight into the map
            dbi.reserve(txn, writeKey, r.value().length).put(r.value());
          }
        }
        txn.commit();
        return;
      } catch (Env.MapFullException e) {
        grow();
      }
    }
  }

  private void grow() {
    long stamp = mapLock.writeLock();
    try {
      long grown = Math.multiplyExact(mapSize, 2);
      env.setMapSize(grown);
      mapSize = grown;
      mapGrowths++;
    } finally {
      mapLock.unlockWrite(stamp);
    }
  }

  private ByteBuffer readKey(byte[] key) {
    ByteBuffer b = readKeys.get();
    b.clear().put(key).flip();
    return b;
  }

  private static byte[] copy(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
