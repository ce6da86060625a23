package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Everything the store is opened with, parsed once from the properties ({@link #fromProperties})
 * or built ({@link #builder()}). Immutable.
 */
public final class StoreOptions {
  public static final String MEDIUM = "tiered.medium";
  public static final String PATH = "tiered.path";
  public static final String SYNC = "tiered.sync";
  public static final String SYNC_INTERVAL = "tiered.sync.interval";
  public static final String MEMORY = "tiered.memory";
  public static final String RATIO = "tiered.ratio";
  public static final String WARMUP = "tiered.warmup";
  public static final String PAGE_CACHE = "tiered.disk.page_cache";
  /** Store loops serving the asynchronous path; default: one per core. */
  public static final String LOOPS = "tiered.loops";
  /** Threads serving what would block a loop (device reads, writes); default: threadcount. */
  public static final String IO_THREADS = "tiered.io.threads";
  /** Every property of the store; any other {@code tiered.*} name is a typo and refused. */
  public static final List<String> PROPERTIES = List.of(MEDIUM, PATH, SYNC, SYNC_INTERVAL, MEMORY, RATIO, WARMUP,
      PAGE_CACHE, LOOPS, IO_THREADS);

  public static final Medium DEFAULT_MEDIUM = Medium.PMEM;
  public static final SyncMode DEFAULT_SYNC = SyncMode.NONE;
  /** {@code tiered.sync=periodic}: a sync every second, as Redis's {@code appendfsync everysec}. */
  public static final long DEFAULT_SYNC_INTERVAL_MILLIS = 1000;
  /** The longest sync interval taken: an hour. */
  static final long MAX_SYNC_INTERVAL_MILLIS = 3_600_000;
  /** Memory larger than data: with neither tiered.memory nor tiered.ratio every record fits in DRAM. */
  public static final MemoryBudget DEFAULT_RATIO = MemoryBudget.ofRatio(7, 1);
  /** The budget when the data size is unknown (no recordcount) and no tiered.memory is given. */
  public static final MemoryBudget DEFAULT_MEMORY_WITHOUT_RECORDCOUNT = MemoryBudget.ofBytes(256L << 20);
  public static final WarmupMode DEFAULT_WARMUP = WarmupMode.SAVED;
  public static final int DEFAULT_THREADS = 1;
  /** The most loops or I/O threads taken. */
  static final int MAX_SERVING_THREADS = 4096;
  /**
   * The disk tier's block cache: this share of the memory side ({@code tiered.memory} or {@code
   * tiered.ratio})... Small: the DRAM tier already holds records, a block of 4 KiB holds some 30 of
   * them, and RocksDB keeps its index and filter blocks outside the block cache.
   */
  static final int BLOCK_CACHE_SHARE = 32;
  /** ...and at most this much; the rest is the DRAM tier's... */
  static final long MAX_BLOCK_CACHE_BYTES = 64L << 20;
  /** ...but none below this: a smaller block cache holds too few blocks to matter, and the DRAM tier has it all. */
  static final long MIN_BLOCK_CACHE_BYTES = 1L << 20;
  /** With {@code tiered.disk.page_cache=true}: the block cache of before, beside the budget. */
  static final long PAGE_CACHE_BLOCK_CACHE_BYTES = 8L << 20;

  private final Medium medium;
  private final Path path;
  private final SyncMode sync;
  private final long syncIntervalMillis;
  private final MemoryBudget budget;
  private final DataEstimate estimate;
  private final WarmupMode warmup;
  private final int threads;
  private final boolean pageCache;
  private final Map<String, String> rocksdbOptions;
  private final int loops;
  private final int ioThreads;

  private StoreOptions(Builder b) {
    this.medium = b.medium;
    this.path = b.path != null ? b.path : defaultPath(b.medium);
    this.sync = b.sync;
    this.syncIntervalMillis = b.syncIntervalMillis != null ? b.syncIntervalMillis : DEFAULT_SYNC_INTERVAL_MILLIS;
    this.estimate = b.estimate;
    this.budget = b.budget != null ? b.budget
        : b.estimate.known() ? DEFAULT_RATIO : DEFAULT_MEMORY_WITHOUT_RECORDCOUNT;
    this.warmup = b.warmup;
    this.threads = b.threads;
    this.pageCache = b.pageCache;
    this.rocksdbOptions = b.rocksdbOptions;
    this.loops = b.loops != null ? b.loops : Runtime.getRuntime().availableProcessors();
    this.ioThreads = b.ioThreads != null ? b.ioThreads : b.threads;
    if (!rocksdbOptions.isEmpty() && medium != Medium.DISK) {
      String first = rocksdbOptions.keySet().iterator().next();
      throw PropertyException.badValue(RocksdbOptions.PREFIX + first, rocksdbOptions.get(first), "only with "
          + MEDIUM + "=disk (this store is " + medium.label() + "); unset it");
    }
    if (b.syncIntervalMillis != null && sync != SyncMode.PERIODIC) {
      throw PropertyException.badValue(SYNC_INTERVAL, b.syncIntervalMillis.toString(), "only with " + SYNC
          + "=periodic (this store is " + SYNC + "=" + sync.label() + "); unset it");
    }
    if (pageCache && medium != Medium.DISK) {
      throw PropertyException.badValue(PAGE_CACHE, "true", "only with " + MEDIUM + "=disk (this store is "
          + medium.label() + "); unset it");
    }
    if (budget.isRatio() && !estimate.known()) {
      throw PropertyException.badValue(RATIO, budget.toString(), "only with recordcount set (a ratio needs the data"
          + " size); set recordcount, or give " + MEMORY + " instead");
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the {@code tiered.*} properties, the core workload's sizing properties ({@link DataEstimate})
   * and {@code threadcount}. Refuses unknown {@code tiered.*} names and malformed values.
   */
  public static StoreOptions fromProperties(Properties p) {
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
    Builder b = builder().estimate(DataEstimate.fromProperties(p));
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
    b.rocksdbOptions(RocksdbOptions.parse(p));
    return b.build();
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

  public Medium medium() {
    return medium;
  }

  /** The store's directory, absolute and normalised. */
  public Path path() {
    return path;
  }

  public SyncMode sync() {
    return sync;
  }

  /**
   * {@code tiered.sync.interval}: under {@code tiered.sync=periodic}, the milliseconds from the
   * start of one background sync to the start of the next ({@link #DEFAULT_SYNC_INTERVAL_MILLIS}
   * unless set; set only with periodic).
   */
  public long syncIntervalMillis() {
    return syncIntervalMillis;
  }

  public MemoryBudget budget() {
    return budget;
  }

  /**
   * The memory side of the budget in bytes ({@code tiered.memory}, or {@code tiered.ratio} of the
   * estimated data): the DRAM tier's capacity plus, on disk, RocksDB's block cache.
   */
  public long memoryBytes() {
    return budget.bytesFor(estimate.totalBytes());
  }

  /** The DRAM tier's capacity in bytes of keys and values: the memory side less the block cache. */
  public long budgetBytes() {
    long memory = memoryBytes();
    return pageCache || medium != Medium.DISK ? memory : memory - blockCacheBytes();
  }

  /**
   * RocksDB's block cache on disk: 1/32 of the memory side, at most 64 MiB, and none when that
   * would be under 1 MiB (a memory side under 32 MiB is all the DRAM tier's); 0 on pmem, whose LMDB
   * map is read in place. With {@code tiered.disk.page_cache=true}, 8 MiB beside the budget, as
   * before direct I/O.
   */
  public long blockCacheBytes() {
    if (medium != Medium.DISK) {
      return 0;
    }
    if (pageCache) {
      return PAGE_CACHE_BLOCK_CACHE_BYTES;
    }
    long share = Math.min(MAX_BLOCK_CACHE_BYTES, memoryBytes() / BLOCK_CACHE_SHARE);
    return share < MIN_BLOCK_CACHE_BYTES ? 0 : share;
  }

  /**
   * {@code tiered.disk.page_cache}: whether disk reads go through the operating system's page cache
   * (an unbounded extra tier of memory) rather than to the device (direct I/O, the default).
   */
  public boolean pageCache() {
    return pageCache;
  }

  public DataEstimate estimate() {
    return estimate;
  }

  /** How opening the store fills the DRAM tier from the persistent tier, up to the budget. */
  public WarmupMode warmup() {
    return warmup;
  }

  /** {@code tiered.rocksdb.*}: RocksDB column-family options by RocksDB's names, in name order; empty if none. */
  public Map<String, String> rocksdbOptions() {
    return rocksdbOptions;
  }

  /**
   * {@code tiered.loops}: the store loops that serve clients on the asynchronous path (the
   * runner's async engine), each a thread running its clients' operations in arrival order; one
   * per core unless set.
   */
  public int loops() {
    return loops;
  }

  /**
   * {@code tiered.io.threads}: the most threads serving, for the loops, what would block them
   * (reads that wait for the disk, writes that wait for their commit); {@link #threads} unless set,
   * as deep as the clients' queue.
   */
  public int ioThreads() {
    return ioThreads;
  }

  /** Client threads expected to share the store (sizes LMDB's reader table). */
  public int threads() {
    return threads;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StoreOptions s && s.medium == medium && s.path.equals(path) && s.sync == sync
        && s.syncIntervalMillis == syncIntervalMillis && s.budget.equals(budget) && s.estimate.equals(estimate)
        && s.warmup == warmup && s.threads == threads && s.pageCache == pageCache
        && s.rocksdbOptions.equals(rocksdbOptions) && s.loops == loops && s.ioThreads == ioThreads;
  }

  @Override
  public int hashCode() {
    return Objects.hash(medium, path, sync, syncIntervalMillis, budget, estimate, warmup, threads, pageCache,
        rocksdbOptions, loops, ioThreads);
  }

  @Override
  public String toString() {
    return MEDIUM + "=" + medium.label() + " " + PATH + "=" + path + " " + SYNC + "=" + sync.label()
        + (sync == SyncMode.PERIODIC ? " " + SYNC_INTERVAL + "=" + syncIntervalMillis : "")
        + " budget=" + budget + " warmup=" + warmup.label() + (pageCache ? " " + PAGE_CACHE + "=true" : "")
        + (rocksdbOptions.isEmpty() ? "" : " " + RocksdbOptions.PREFIX + "*=" + rocksdbOptions);
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

  /** Builds options; unset values take the DEFAULT_* constants. */
  public static final class Builder {
    private Medium medium = DEFAULT_MEDIUM;
    private Path path;
    private SyncMode sync = DEFAULT_SYNC;
    private Long syncIntervalMillis;
    private MemoryBudget budget;
    private DataEstimate estimate = new DataEstimate(0, 0, 0);
    private WarmupMode warmup = DEFAULT_WARMUP;
    private int threads = DEFAULT_THREADS;
    private boolean pageCache;
    private Map<String, String> rocksdbOptions = Map.of();
    private Integer loops;
    private Integer ioThreads;

    private Builder() {
    }

    /** Store loops of the asynchronous path (default: one per core). */
    public Builder loops(int loops) {
      if (loops < 1) {
        throw new IllegalArgumentException("loops must be at least 1: " + loops);
      }
      this.loops = loops;
      return this;
    }

    /** Threads serving what would block a loop (default: {@link #threads}). */
    public Builder ioThreads(int ioThreads) {
      if (ioThreads < 1) {
        throw new IllegalArgumentException("I/O threads must be at least 1: " + ioThreads);
      }
      this.ioThreads = ioThreads;
      return this;
    }

    /** RocksDB column-family options by RocksDB's names (disk only), as {@code tiered.rocksdb.*} gives them. */
    public Builder rocksdbOptions(Map<String, String> options) {
      this.rocksdbOptions = options.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(options));
      return this;
    }

    /** Disk reads through the OS page cache (true) or with direct I/O (false, the default). */
    public Builder pageCache(boolean pageCache) {
      this.pageCache = pageCache;
      return this;
    }

    public Builder medium(Medium medium) {
      this.medium = Objects.requireNonNull(medium, "medium");
      return this;
    }

    public Builder path(Path path) {
      this.path = path.toAbsolutePath().normalize();
      return this;
    }

    public Builder sync(SyncMode sync) {
      this.sync = Objects.requireNonNull(sync, "sync");
      return this;
    }

    /** Under {@code sync=periodic}: milliseconds between the starts of background syncs; only with periodic. */
    public Builder syncIntervalMillis(long millis) {
      if (millis < 1) {
        throw new IllegalArgumentException("sync interval must be at least 1 ms: " + millis);
      }
      this.syncIntervalMillis = millis;
      return this;
    }

    public Builder budget(MemoryBudget budget) {
      this.budget = Objects.requireNonNull(budget, "budget");
      return this;
    }

    public Builder estimate(DataEstimate estimate) {
      this.estimate = Objects.requireNonNull(estimate, "estimate");
      return this;
    }

    public Builder warmup(WarmupMode warmup) {
      this.warmup = Objects.requireNonNull(warmup, "warmup");
      return this;
    }

    public Builder threads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("threads must be at least 1: " + threads);
      }
      this.threads = threads;
      return this;
    }

    public StoreOptions build() {
      return new StoreOptions(this);
    }
  }
}
