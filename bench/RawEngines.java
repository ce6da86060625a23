// bench/RawEngines.java: the raw-engine baseline of bench/tiered-store.sh. Plain single-thread
// loops over lmdbjava and rocksdbjni, no YCSB and no tiered store: what one thread gets from each
// engine for 100-byte values under YCSB-like keys ("user" + FNV-64 of the key number, as YCSB's
// hashed insert order names them).
//
// Run with Java's single-file source launch from the repository root:
//   java --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
//     -cp "tiered-store/target/lib/*" bench/RawEngines.java <pmem-dir> <disk-dir> [seconds]
// <pmem-dir>: where the write-mapped LMDB goes (tmpfs such as /dev/shm, or a DAX mount);
// <disk-dir>: a directory on the local disk, for RocksDB and the on-disk LMDB. Both must exist;
// this program creates and removes its own subdirectories in them.
//
// Every measurement runs for [seconds] (default 3) after a warm-up of a quarter of that (not
// counted), and prints one line "RAW <engine> <medium> <operation> <ops/s> <operations>".
//   lmdb pmem put-sync   one write transaction per put, committed with its sync (MDB_WRITEMAP, no MDB_NOSYNC)
//   lmdb pmem get        one read transaction per get, value copied into a byte[]
//   rocksdb disk put-sync     db.put with WriteOptions.sync=true (WAL fsync per put)
//   rocksdb disk put-nosync   db.put with sync=false (WAL written, not synced)
//   rocksdb disk get          db.get of keys written above (default options)
//   lmdb disk put-sync   as lmdb pmem put-sync, on the local disk
// Gets read keys chosen uniformly among the keys the puts before them wrote.
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.Txn;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

public final class RawEngines {
  private static final int VALUE_BYTES = 100;
  private static final long LMDB_MAP_BYTES = 8L << 30; // sparse; far more than a few seconds of puts
  private static final int CHECK_EVERY = 64; // operations between clock reads

  private static long nanos;
  private static final byte[] VALUE = new byte[VALUE_BYTES];

  /** One operation number i (a key number, or for gets a draw). */
  private interface Op {
    void run(long i) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: RawEngines <pmem-dir> <disk-dir> [seconds]");
      System.exit(2);
    }
    Path pmem = Path.of(args[0]);
    Path disk = Path.of(args[1]);
    double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 3;
    nanos = (long) (seconds * 1e9);
    new SplittableRandom(42).nextBytes(VALUE);

    lmdb("pmem", Files.createTempDirectory(pmem, "raw-lmdb-"), true);
    rocks(Files.createTempDirectory(disk, "raw-rocksdb-"));
    lmdb("disk", Files.createTempDirectory(disk, "raw-lmdb-"), false);
  }

  /** YCSB's key name for key number i with insertorder=hashed and zeropadding=1. */
  static byte[] key(long i) {
    return ("user" + fnvHash64(i)).getBytes(StandardCharsets.UTF_8);
  }

  /** FNV-64 over the 8 bytes of the number, low byte first, absolute value: YCSB's Utils.hash. */
  static long fnvHash64(long val) {
    long h = 0xCBF29CE484222325L;
    for (int i = 0; i < 8; i++) {
      h ^= val & 0xff;
      val >>= 8;
      h *= 1099511628211L;
    }
    return Math.abs(h);
  }

  private static void lmdb(String medium, Path dir, boolean withGets) throws Exception {
    try (Env<ByteBuffer> env = Env.create().setMapSize(LMDB_MAP_BYTES).setMaxDbs(1)
        .open(dir.toFile(), EnvFlags.MDB_WRITEMAP)) {
      Dbi<ByteBuffer> dbi = env.openDbi((byte[]) null, DbiFlags.MDB_CREATE);
      ByteBuffer k = ByteBuffer.allocateDirect(env.getMaxKeySize());
      ByteBuffer v = ByteBuffer.allocateDirect(VALUE_BYTES);
      v.put(VALUE).flip();
      long written = measure("lmdb", medium, "put-sync", 0, (i) -> {
        k.clear().put(key(i)).flip();
        try (Txn<ByteBuffer> txn = env.txnWrite()) {
          dbi.put(txn, k, v.rewind());
          txn.commit();
        }
      });
      if (withGets) {
        SplittableRandom random = new SplittableRandom(7);
        measure("lmdb", medium, "get", -1, (i) -> {
          k.clear().put(key(random.nextLong(written))).flip();
          try (Txn<ByteBuffer> txn = env.txnRead()) {
            ByteBuffer found = dbi.get(txn, k);
            byte[] out = new byte[found.remaining()];
            found.get(out);
          }
        });
      }
    } finally {
      delete(dir);
    }
  }

  private static void rocks(Path dir) throws Exception {
    RocksDB.loadLibrary();
    try (Options options = new Options().setCreateIfMissing(true);
         WriteOptions synced = new WriteOptions().setSync(true);
         WriteOptions unsynced = new WriteOptions().setSync(false);
         RocksDB db = RocksDB.open(options, dir.toString())) {
      long syncedEnd = measure("rocksdb", "disk", "put-sync", 0,
          (i) -> db.put(synced, key(i), VALUE));
      long written = measure("rocksdb", "disk", "put-nosync", syncedEnd,
          (i) -> db.put(unsynced, key(i), VALUE));
      SplittableRandom random = new SplittableRandom(7);
      measure("rocksdb", "disk", "get", -1, (i) -> {
        if (db.get(key(random.nextLong(written))) == null) {
          throw new IllegalStateException("missing key");
        }
      });
    } finally {
      delete(dir);
    }
  }

  /**
   * Runs op for a warm-up of a quarter of the measured time, then for the measured time, and
   * prints the rate of the measured part. Puts (first >= 0) use consecutive key numbers from
   * first; returns the next unused one.
   */
  private static long measure(String engine, String medium, String name, long first, Op op) throws Exception {
    long i = Math.max(first, 0);
    long warmEnd = System.nanoTime() + nanos / 4;
    while (System.nanoTime() < warmEnd) {
      for (int j = 0; j < CHECK_EVERY; j++) {
        op.run(i++);
      }
    }
    long start = System.nanoTime();
    long end = start + nanos;
    long n = 0;
    long now;
    do {
      for (int j = 0; j < CHECK_EVERY; j++) {
        op.run(i++);
      }
      n += CHECK_EVERY;
    } while ((now = System.nanoTime()) < end);
    double rate = n * 1e9 / (now - start);
    System.out.printf("RAW %s %s %s %.0f %d%n", engine, medium, name, rate, n);
    System.out.flush();
    return i;
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
