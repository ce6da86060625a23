package io.github.ycsbtiers.tiered.store;

import static io.github.ycsbtiers.tiered.store.StoreOptions.DEFAULT_SYNC_INTERVAL_MILLIS;
import static io.github.ycsbtiers.tiered.store.StoreOptions.DEFAULT_THREADS;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** The store's property names and the one reader of them ({@link StoreOptions#fromProperties}). */
public final class StoreProperties {
  public static final String MEDIUM = "tiered.medium";
  public static final String PATH = "tiered.path";
  public static final String SYNC = "tiered.sync";
  public static final String SYNC_INTERVAL = "tiered.sync.interval";
  public static final String MEMORY = "tiered.memory";
  public static final String RATIO = "tiered.ratio";
  public static final String WARMUP = "tiered.warmup";
  public static final String PAGE_CACHE = "tiered.disk.page_cache";
  public static final String LOOPS = "tiered.loops";
  public static final String IO_THREADS = "tiered.io.threads";
  public static final String IO_CARRY = "tiered.io.carry";
  /** Every property of the store; any other {@code tiered.*} name is a typo and refused. */
  public static final List<String> PROPERTIES = List.of(MEDIUM, PATH, SYNC, SYNC_INTERVAL, MEMORY, RATIO, WARMUP,
      PAGE_CACHE, LOOPS, IO_THREADS, IO_CARRY);
  /** The longest sync interval taken: an hour. */
  static final long MAX_SYNC_INTERVAL_MILLIS = 3_600_000;
  /** The most loops or I/O threads taken. */
  static final int MAX_SERVING_THREADS = 4096;

  private StoreProperties() {
  }

  static StoreOptions read(Properties p) {
    TreeSet<String> unknown = new TreeSet<>();
    for (String name : p.stringPropertyNames()) {
      if (name.startsWith("tiered.") && !PROPERTIES.contains(name) && !RocksdbOptions.covers(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw PropertyException.unknownNames(unknown, "the tiered store's " + String.join(", ", PROPERTIES) + " and "
          + RocksdbOptions.PREFIX + "<RocksDB column-family option>");
    }
    PropertyReader r = new PropertyReader(p);
    StoreOptions.Builder b = StoreOptions.builder().estimate(DataEstimate.fromProperties(p));
    if (r.isSet(MEDIUM)) {
      b.medium(Medium.parse(MEDIUM, p.getProperty(MEDIUM)));
    }
    if (r.isSet(PATH)) {
      b.path(parsePath(p.getProperty(PATH)));
    }
    if (r.isSet(SYNC)) {
      b.sync(SyncMode.parse(SYNC, p.getProperty(SYNC)));
    }
    if (r.isSet(SYNC_INTERVAL)) {
      b.syncIntervalMillis(r.duration(SYNC_INTERVAL, DEFAULT_SYNC_INTERVAL_MILLIS, TimeUnit.MILLISECONDS, 1,
          MAX_SYNC_INTERVAL_MILLIS));
    }
    if (r.isSet(MEMORY) && r.isSet(RATIO)) {
      throw PropertyException.badValue(MEMORY, p.getProperty(MEMORY), "only without " + RATIO + " ("
          + p.getProperty(RATIO) + " is set too); set one of them");
    }
    if (r.isSet(MEMORY)) {
      b.budget(MemoryBudget.ofBytes(r.bytes(MEMORY, 0, 0, Long.MAX_VALUE), p.getProperty(MEMORY).trim()));
    } else if (r.isSet(RATIO)) {
      b.budget(MemoryBudget.parseRatio(RATIO, p.getProperty(RATIO)));
    }
    if (r.isSet(WARMUP)) {
      b.warmup(WarmupMode.parse(WARMUP, p.getProperty(WARMUP)));
    }
    b.pageCache(r.bool(PAGE_CACHE, false));
    b.threads(r.intValue("threadcount", DEFAULT_THREADS, 1, Integer.MAX_VALUE));
    if (r.isSet(LOOPS)) {
      b.loops(r.intValue(LOOPS, 1, 1, MAX_SERVING_THREADS));
    }
    if (r.isSet(IO_THREADS)) {
      b.ioThreads(r.intValue(IO_THREADS, 1, 1, MAX_SERVING_THREADS));
    }
    b.ioCarry(r.bool(IO_CARRY, true));
    return b.rocksdbOptions(RocksdbOptions.parse(p)).build();
  }

  /**
   * The directory used when {@code tiered.path} is not given: {@code /dev/shm/ycsb-tiered-pmem} for
   * pmem (tmpfs standing in for a persistent-memory device), {@code <java.io.tmpdir>/ycsb-tiered-disk}
   * for disk.
   */
  public static Path defaultPath(Medium medium) {
    Path shm = Path.of("/dev/shm");
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    return medium == Medium.PMEM && Files.isDirectory(shm) ? shm.resolve("ycsb-tiered-pmem")
        : tmp.resolve("ycsb-tiered-" + medium.label());
  }

  private static Path parsePath(String value) {
    String allowed = "a directory whose parent exists (the store creates only its own directory)";
    if (value.isBlank()) {
      throw PropertyException.badValue(PATH, value, allowed);
    }
    try {
      return Path.of(value.trim());
    } catch (InvalidPathException e) {
      throw PropertyException.badValue(PATH, value, allowed + "; this is not a path: " + e.getReason());
    }
  }
}
