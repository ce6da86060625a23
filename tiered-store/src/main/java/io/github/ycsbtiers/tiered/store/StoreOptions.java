package io.github.ycsbtiers.tiered.store;

import static io.github.ycsbtiers.tiered.store.StoreProperties.*;

import io.github.ycsbtiers.api.PropertyException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Everything the store is opened with, parsed once from the properties ({@link #fromProperties})
 * or built ({@link #builder()}, which checks the settings that only make sense together).
 *
 * @param path the store's directory, absolute and normalised
 * @param syncIntervalMillis under {@code tiered.sync=periodic}, from the start of one sync to the next
 * @param warmup how opening the store fills the DRAM tier from the persistent tier, up to the budget
 * @param threads client threads expected to share the store (sizes LMDB's reader table)
 * @param pageCache disk reads through the OS page cache (an unbounded extra tier of memory) rather
 *     than to the device (direct I/O, the default)
 * @param rocksdbOptions {@code tiered.rocksdb.*} by RocksDB's names, in name order; empty if none
 * @param loops the store loops serving the asynchronous path, each running its clients' operations
 *     in arrival order; {@code ioThreads} the most threads serving what would block a loop (reads
 *     that wait for the disk, writes that wait for their commit); {@code ioCarry} whether an I/O
 *     thread serves its client's next operation itself when nothing waits for the pool (no
 *     hand-over to the loop and back)
 */
public record StoreOptions(Medium medium, Path path, SyncMode sync, long syncIntervalMillis, MemoryBudget budget,
    DataEstimate estimate, WarmupMode warmup, int threads, boolean pageCache, Map<String, String> rocksdbOptions,
    int loops, int ioThreads, boolean ioCarry) {
  public static final Medium DEFAULT_MEDIUM = Medium.PMEM;
  public static final SyncMode DEFAULT_SYNC = SyncMode.NONE;
  /** {@code tiered.sync=periodic}: a sync every second, as Redis's {@code appendfsync everysec}. */
  public static final long DEFAULT_SYNC_INTERVAL_MILLIS = 1000;
  /** Memory larger than data: with neither tiered.memory nor tiered.ratio every record fits in DRAM. */
  public static final MemoryBudget DEFAULT_RATIO = MemoryBudget.ofRatio(7, 1);
  /** The budget when the data size is unknown (no recordcount) and no tiered.memory is given. */
  public static final MemoryBudget DEFAULT_MEMORY_WITHOUT_RECORDCOUNT = MemoryBudget.ofBytes(256L << 20);
  public static final WarmupMode DEFAULT_WARMUP = WarmupMode.SAVED;
  public static final int DEFAULT_THREADS = 1;
  /**
   * RocksDB's block cache on disk: 1/{@value #BLOCK_CACHE_SHARE} of the memory side (small: the DRAM tier
   * holds the records, and RocksDB keeps index and filter blocks outside it), at most 64 MiB, none under
   * 1 MiB (too few blocks to matter); with {@code tiered.disk.page_cache=true}, 8 MiB beside the budget.
   */
  static final int BLOCK_CACHE_SHARE = 32;
  static final long MAX_BLOCK_CACHE_BYTES = 64L << 20;
  static final long MIN_BLOCK_CACHE_BYTES = 1L << 20;
  static final long PAGE_CACHE_BLOCK_CACHE_BYTES = 8L << 20;

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads the {@code tiered.*} properties ({@link StoreProperties}), the core workload's sizing
   * properties ({@link DataEstimate}) and {@code threadcount}.
   *
   * @throws PropertyException for an unknown {@code tiered.*} name or a malformed value
   */
  public static StoreOptions fromProperties(Properties p) {
    return StoreProperties.read(p);
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

  @Override
  public String toString() {
    return MEDIUM + "=" + medium.label() + " " + PATH + "=" + path + " " + SYNC + "=" + sync.label()
        + (sync == SyncMode.PERIODIC ? " " + SYNC_INTERVAL + "=" + syncIntervalMillis : "")
        + " budget=" + budget + " warmup=" + warmup.label() + (pageCache ? " " + PAGE_CACHE + "=true" : "")
        + (rocksdbOptions.isEmpty() ? "" : " " + RocksdbOptions.PREFIX + "*=" + rocksdbOptions);
  }

  private static int atLeastOne(int value, String what) {
    if (value < 1) {
      throw new IllegalArgumentException(what + " must be at least 1: " + value);
    }
    return value;
  }

  /** Builds options; unset values take the DEFAULT_* constants (loops: one per core; I/O threads: threads). */
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
    private boolean ioCarry = true;

    private Builder() {
    }

    public Builder medium(Medium value) {
      medium = Objects.requireNonNull(value, "medium");
      return this;
    }

    public Builder path(Path value) {
      path = value.toAbsolutePath().normalize();
      return this;
    }

    public Builder sync(SyncMode value) {
      sync = Objects.requireNonNull(value, "sync");
      return this;
    }

    /** Only with {@code sync=periodic}. */
    public Builder syncIntervalMillis(long millis) {
      if (millis < 1) {
        throw new IllegalArgumentException("sync interval must be at least 1 ms: " + millis);
      }
      syncIntervalMillis = millis;
      return this;
    }

    public Builder budget(MemoryBudget value) {
      budget = Objects.requireNonNull(value, "budget");
      return this;
    }

    public Builder estimate(DataEstimate value) {
      estimate = Objects.requireNonNull(value, "estimate");
      return this;
    }

    public Builder warmup(WarmupMode value) {
      warmup = Objects.requireNonNull(value, "warmup");
      return this;
    }

    public Builder threads(int value) {
      threads = atLeastOne(value, "threads");
      return this;
    }

    public Builder pageCache(boolean value) {
      pageCache = value;
      return this;
    }

    /** Disk only, as {@code tiered.rocksdb.*} gives them. */
    public Builder rocksdbOptions(Map<String, String> value) {
      rocksdbOptions = value.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(value));
      return this;
    }

    public Builder loops(int value) {
      loops = atLeastOne(value, "loops");
      return this;
    }

    public Builder ioThreads(int value) {
      ioThreads = atLeastOne(value, "I/O threads");
      return this;
    }

    public Builder ioCarry(boolean value) {
      ioCarry = value;
      return this;
    }

    /** @throws PropertyException for settings that cannot be used together */
    public StoreOptions build() {
      MemoryBudget b = budget != null ? budget : estimate.known() ? DEFAULT_RATIO : DEFAULT_MEMORY_WITHOUT_RECORDCOUNT;
      if (!rocksdbOptions.isEmpty() && medium != Medium.DISK) {
        String first = rocksdbOptions.keySet().iterator().next();
        throw PropertyException.badValue(RocksdbOptions.PREFIX + first, rocksdbOptions.get(first), "only with "
            + MEDIUM + "=disk (this store is " + medium.label() + "); unset it");
      }
      if (syncIntervalMillis != null && sync != SyncMode.PERIODIC) {
        throw PropertyException.badValue(SYNC_INTERVAL, syncIntervalMillis.toString(), "only with " + SYNC
            + "=periodic (this store is " + SYNC + "=" + sync.label() + "); unset it");
      }
      if (pageCache && medium != Medium.DISK) {
        throw PropertyException.badValue(PAGE_CACHE, "true", "only with " + MEDIUM + "=disk (this store is "
            + medium.label() + "); unset it");
      }
      if (b.isRatio() && !estimate.known()) {
        throw PropertyException.badValue(RATIO, b.toString(), "only with recordcount set (a ratio needs the data"
            + " size); set recordcount, or give " + MEMORY + " instead");
      }
      return new StoreOptions(medium, path != null ? path : defaultPath(medium), sync,
          syncIntervalMillis != null ? syncIntervalMillis : DEFAULT_SYNC_INTERVAL_MILLIS, b, estimate, warmup,
          threads, pageCache, rocksdbOptions, loops != null ? loops : Runtime.getRuntime().availableProcessors(),
          ioThreads != null ? ioThreads : threads, ioCarry);
    }
  }
}
