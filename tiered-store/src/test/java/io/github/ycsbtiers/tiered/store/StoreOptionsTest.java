package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StoreOptionsTest {

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }

  private static PropertyException refused(String... pairs) {
    return assertThrows(PropertyException.class, () -> StoreOptions.fromProperties(props(pairs)));
  }

  @Test
  void defaultsWithRecordcount() {
    StoreOptions o = StoreOptions.fromProperties(props("recordcount", "1000", "fieldcount", "1"));
    assertEquals(StoreOptions.DEFAULT_MEDIUM, o.medium());
    assertEquals(StoreOptions.DEFAULT_SYNC, o.sync());
    assertEquals(StoreOptions.DEFAULT_RATIO, o.budget());
    assertEquals(StoreProperties.defaultPath(Medium.PMEM), o.path());
    assertEquals(WarmupMode.SAVED, o.warmup());
    assertEquals(1, o.threads());
    assertEquals(o.estimate().totalBytes() * 7, o.budgetBytes());
  }

  @Test
  void defaultBudgetWithoutRecordcountIsFixed() {
    StoreOptions o = StoreOptions.fromProperties(props());
    assertEquals(256L << 20, o.budgetBytes());
    assertFalse(o.estimate().known());
  }

  @Test
  void defaultPathsPerMedium() {
    assertEquals(Path.of("/dev/shm/ycsb-tiered-pmem"), StoreProperties.defaultPath(Medium.PMEM));
    assertEquals(Path.of(System.getProperty("java.io.tmpdir"), "ycsb-tiered-disk"), StoreProperties.defaultPath(Medium.DISK));
  }

  @Test
  void readsEveryProperty() {
    StoreOptions o = StoreOptions.fromProperties(props("tiered.medium", "DISK", "tiered.path", "/tmp/x/../y",
        "tiered.sync", "always", "tiered.memory", "64m", "tiered.warmup", "false", "threadcount", "8"));
    assertEquals(Medium.DISK, o.medium());
    assertEquals(Path.of("/tmp/y"), o.path());
    assertEquals(SyncMode.ALWAYS, o.sync());
    // on disk 1/32 of the memory side is RocksDB's block cache
    assertEquals(64L << 20, o.memoryBytes());
    assertEquals(2L << 20, o.blockCacheBytes());
    assertEquals(62L << 20, o.budgetBytes());
    assertEquals(WarmupMode.NONE, o.warmup());
    assertEquals(8, o.threads());
  }

  @Test
  void warmupModesAndTheirOldBooleanNames() {
    assertEquals(WarmupMode.SAVED, StoreOptions.fromProperties(props("tiered.warmup", "saved")).warmup());
    assertEquals(WarmupMode.SAVED, StoreOptions.fromProperties(props("tiered.warmup", "true")).warmup());
    assertEquals(WarmupMode.KEY_ORDER, StoreOptions.fromProperties(props("tiered.warmup", " KeyOrder")).warmup());
    assertEquals(WarmupMode.NONE, StoreOptions.fromProperties(props("tiered.warmup", "none")).warmup());
    assertEquals(WarmupMode.NONE, StoreOptions.fromProperties(props("tiered.warmup", "false")).warmup());
  }

  @Test
  void ratioScalesTheEstimate() {
    StoreOptions o = StoreOptions.fromProperties(props("recordcount", "100000", "fieldcount", "1",
        "tiered.ratio", "1:4"));
    assertEquals((long) Math.ceil(o.estimate().totalBytes() / 4.0), o.budgetBytes());
  }

  @Test
  void onDiskTheBlockCacheIsCarvedOutOfTheMemorySide() {
    StoreOptions disk = StoreOptions.fromProperties(props("recordcount", "2000000", "fieldcount", "1",
        "tiered.ratio", "1:4", "tiered.medium", "disk"));
    long memory = (long) Math.ceil(disk.estimate().totalBytes() / 4.0);
    assertEquals(memory, disk.memoryBytes());
    assertEquals(memory / 32, disk.blockCacheBytes());
    assertEquals(memory - memory / 32, disk.budgetBytes());
    assertFalse(disk.pageCache());
    // under 32 MiB of memory, no block cache: it would hold too few blocks to matter
    StoreOptions small = StoreOptions.fromProperties(props("recordcount", "100000", "fieldcount", "1",
        "tiered.ratio", "1:4", "tiered.medium", "disk"));
    assertEquals(0, small.blockCacheBytes());
    assertEquals(small.memoryBytes(), small.budgetBytes());
    // at most 64 MiB of block cache
    StoreOptions big = StoreOptions.fromProperties(props("tiered.memory", "8g", "tiered.medium", "disk"));
    assertEquals(64L << 20, big.blockCacheBytes());
    assertEquals((8L << 30) - (64L << 20), big.budgetBytes());
    // the page cache as before: an 8 MiB block cache beside the whole budget
    StoreOptions cached = StoreOptions.fromProperties(props("tiered.memory", "1g", "tiered.medium", "disk",
        "tiered.disk.page_cache", "true"));
    assertTrue(cached.pageCache());
    assertEquals(1L << 30, cached.budgetBytes());
    assertEquals(8L << 20, cached.blockCacheBytes());
    // pmem has no block cache
    StoreOptions pmem = StoreOptions.fromProperties(props("tiered.memory", "1g"));
    assertEquals(0, pmem.blockCacheBytes());
    assertEquals(1L << 30, pmem.budgetBytes());
  }

  @Test
  void loopsDefaultToTheCoresAndIoThreadsToTheClients() {
    StoreOptions o = StoreOptions.fromProperties(props("threadcount", "8"));
    assertEquals(Runtime.getRuntime().availableProcessors(), o.loops());
    assertEquals(8, o.ioThreads());
    StoreOptions set = StoreOptions.fromProperties(props("threadcount", "8", "tiered.loops", "3", "tiered.io.threads", "32"));
    assertEquals(3, set.loops());
    assertEquals(32, set.ioThreads());
    assertNotEquals(o, set, "clients of one store must agree on how it is served");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-1", "two", "4097", ""})
  void loopsAndIoThreadsAreWholeNumbersFromOne(String value) {
    for (String property : List.of("tiered.loops", "tiered.io.threads")) {
      PropertyException e = refused(property, value);
      assertEquals("invalid value '" + value + "' for property '" + property + "': allowed a whole number from 1 to"
          + " 4096", e.getMessage());
    }
  }

  @Test
  void pageCacheIsTrueOrFalseAndForDiskOnly() {
    assertEquals("invalid value 'yes' for property 'tiered.disk.page_cache': allowed true or false",
        refused("tiered.medium", "disk", "tiered.disk.page_cache", "yes").getMessage());
    assertEquals("invalid value 'true' for property 'tiered.disk.page_cache': allowed only with tiered.medium=disk"
        + " (this store is pmem); unset it", refused("tiered.disk.page_cache", "true").getMessage());
    assertTrue(StoreOptions.fromProperties(props("tiered.medium", "disk", "tiered.disk.page_cache", "TRUE"))
        .pageCache(), "true or false in any case, as every boolean property");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"1536|1536", "2k|2048", "3M|3145728", "4g|4294967296", "1t|1099511627776",
      "0|0", "1_073_741_824|1073741824", "8G|8589934592"})
  void memorySuffixes(String memory, long bytes) {
    StoreOptions o = StoreOptions.fromProperties(props("tiered.memory", memory));
    assertEquals(bytes, o.memoryBytes());
    assertEquals(memory, o.budget().toString(), "as given");
  }

  @Test
  void unknownMedium() {
    PropertyException e = refused("tiered.medium", "ssd");
    assertEquals("invalid value 'ssd' for property 'tiered.medium': allowed pmem (LMDB, write-mapped) or disk"
        + " (RocksDB)", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"7", "7:", ":1", "a:b", "0:1", "1:0", "-1:4", "1:4:2", "NaN:1", "Infinity:1", ""})
  void malformedRatio(String ratio) {
    PropertyException e = refused("recordcount", "10", "tiered.ratio", ratio);
    assertEquals("tiered.ratio", e.property());
    assertTrue(e.getMessage().startsWith("invalid value '" + ratio + "' for property 'tiered.ratio': allowed"
        + " memory:data, two positive numbers such as 7:1"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"12x", "-5", "", "1.5g", "g", "99999999999t", "5 m", "_1g"})
  void malformedMemory(String memory) {
    PropertyException e = refused("tiered.memory", memory);
    assertEquals("invalid value '" + memory + "' for property 'tiered.memory': allowed a whole number of bytes >= 0,"
        + " or with k, m, g or t (powers of 1024) such as 512m or 8g", e.getMessage());
  }

  @Test
  void memoryAndRatioTogether() {
    PropertyException e = refused("recordcount", "10", "tiered.memory", "1g", "tiered.ratio", "1:4");
    assertEquals("invalid value '1g' for property 'tiered.memory': allowed only without tiered.ratio (1:4 is set too);"
        + " set one of them", e.getMessage());
  }

  @Test
  void ratioWithoutRecordcount() {
    PropertyException e = refused("tiered.ratio", "1:4");
    assertEquals("invalid value '1:4' for property 'tiered.ratio': allowed only with recordcount set (a ratio needs"
        + " the data size); set recordcount, or give tiered.memory instead", e.getMessage());
  }

  @Test
  void unknownTieredProperty() {
    PropertyException e = refused("tiered.medum", "disk");
    assertEquals("unknown property 'tiered.medum': allowed the tiered store's tiered.medium, tiered.path, "
        + "tiered.sync, tiered.sync.interval, tiered.memory, tiered.ratio, tiered.warmup, tiered.disk.page_cache, tiered.loops, "
        + "tiered.io.threads, tiered.io.carry and tiered.rocksdb.<RocksDB column-family option>", e.getMessage());
  }

  @Test
  void rocksdbOptionsAreRocksDbsOwnNamesOnDiskOnly() {
    Properties p = new Properties();
    p.setProperty("tiered.medium", "disk");
    p.setProperty("tiered.rocksdb.write_buffer_size", " 1048576 ");
    p.setProperty("tiered.rocksdb.level0_stop_writes_trigger", "4");
    StoreOptions o = StoreOptions.fromProperties(p);
    assertEquals(Map.of("write_buffer_size", "1048576", "level0_stop_writes_trigger", "4"), o.rocksdbOptions());
    assertEquals(List.of("level0_stop_writes_trigger", "write_buffer_size"), List.copyOf(o.rocksdbOptions().keySet()));
    assertTrue(o.toString().contains("tiered.rocksdb.*={level0_stop_writes_trigger=4, write_buffer_size=1048576}"),
        o.toString());
    assertTrue(StoreOptions.fromProperties(new Properties()).rocksdbOptions().isEmpty());
    // the same store with other RocksDB options is another store
    p.setProperty("tiered.rocksdb.write_buffer_size", "2097152");
    assertNotEquals(o, StoreOptions.fromProperties(p));
  }

  @Test
  void badSyncWarmupThreadsAndPath() {
    assertEquals("invalid value 'sometimes' for property 'tiered.sync': allowed always (every acknowledged write"
        + " durable), periodic (a sync every tiered.sync.interval) or none (flushing left to the OS)",
        refused("tiered.sync", "sometimes").getMessage());
    assertEquals("invalid value 'yes' for property 'tiered.warmup': allowed saved (the keys DRAM held at the last"
        + " close, then key order), keyorder or none; true = saved, false = none",
        refused("tiered.warmup", "yes").getMessage());
    assertEquals("invalid value '0' for property 'threadcount': allowed a whole number from 1 to 2147483647",
        refused("threadcount", "0").getMessage());
    assertEquals("invalid value ' ' for property 'tiered.path': allowed a directory whose parent exists (the store"
        + " creates only its own directory)", refused("tiered.path", " ").getMessage());
  }

  @Test
  void periodicSyncAndItsInterval() {
    StoreOptions o = StoreOptions.fromProperties(props("tiered.sync", " Periodic"));
    assertEquals(SyncMode.PERIODIC, o.sync());
    assertEquals(StoreOptions.DEFAULT_SYNC_INTERVAL_MILLIS, o.syncIntervalMillis());
    assertEquals(1000, o.syncIntervalMillis());
    StoreOptions fast = StoreOptions.fromProperties(props("tiered.sync", "periodic", "tiered.sync.interval", " 100 "));
    assertEquals(100, fast.syncIntervalMillis());
    assertNotEquals(o, fast);
    assertTrue(fast.toString().contains("tiered.sync=periodic tiered.sync.interval=100 "), fast.toString());
    assertEquals(3_600_000, StoreOptions.fromProperties(props("tiered.sync", "periodic", "tiered.sync.interval",
        "3600000")).syncIntervalMillis());
    assertFalse(StoreOptions.fromProperties(props()).toString().contains("interval"));
    assertEquals(2000, StoreOptions.fromProperties(props("tiered.sync", "periodic", "tiered.sync.interval", "2s"))
        .syncIntervalMillis());
    assertEquals(250, StoreOptions.fromProperties(props("tiered.sync", "periodic", "tiered.sync.interval", "250ms"))
        .syncIntervalMillis());
    assertEquals(3_600_000, StoreOptions.fromProperties(props("tiered.sync", "periodic", "tiered.sync.interval", "1h"))
        .syncIntervalMillis());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-5", "abc", "1.5", "", "1d", "2h", "0.5ms", "3600001", "99999999999999999999"})
  void malformedSyncInterval(String interval) {
    PropertyException e = refused("tiered.sync", "periodic", "tiered.sync.interval", interval);
    assertEquals("invalid value '" + interval + "' for property 'tiered.sync.interval': allowed a whole number of"
        + " milliseconds from 1 to 3600000, or a number with ms, s, m or h such as 500ms or 1.5s", e.getMessage());
    assertEquals("tiered.sync.interval", e.property());
  }

  @Test
  void syncIntervalOnlyWithPeriodic() {
    assertEquals("invalid value '100' for property 'tiered.sync.interval': allowed only with tiered.sync=periodic"
        + " (this store is tiered.sync=always); unset it",
        refused("tiered.sync", "always", "tiered.sync.interval", "100").getMessage());
    assertEquals("invalid value '250' for property 'tiered.sync.interval': allowed only with tiered.sync=periodic"
        + " (this store is tiered.sync=none); unset it", refused("tiered.sync.interval", "250").getMessage());
    assertThrows(IllegalArgumentException.class, () -> StoreOptions.builder().syncIntervalMillis(0));
  }

  @Test
  void badSizingProperty() {
    PropertyException e = refused("recordcount", "many");
    assertEquals("invalid value 'many' for property 'recordcount': allowed a whole number >= 0", e.getMessage());
    assertEquals(5_120_000_000L, StoreOptions.fromProperties(props("recordcount", "5_120_000_000")).estimate()
        .records(), "the runner's rule: underscores between digits");
  }

  @Test
  void equalOptionsAreEqual() {
    Properties p = props("recordcount", "10", "tiered.ratio", "1:4", "tiered.path", "/tmp/a");
    assertEquals(StoreOptions.fromProperties(p), StoreOptions.fromProperties(p));
    assertEquals(StoreOptions.fromProperties(p).hashCode(), StoreOptions.fromProperties(p).hashCode());
  }
}
