package io.github.ycsbtiers.tiered.it;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import io.github.ycsbtiers.tiered.usage.BlockDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Data larger than memory on {@code disk} means reads from the device: with direct I/O (the
 * default), every DRAM miss that RocksDB's block cache does not serve is a read of the device,
 * which the process's {@code read_bytes} ({@code /proc/self/io}) shows, and {@code [TIER]}'s
 * device reads agree with it, as do the device's own counters ({@code /proc/diskstats}, when the
 * directory is on a block device). 100,000 records of one 100-byte field at memory:data 1:4 in
 * java.io.tmpdir (a real file system here; a file system without O_DIRECT, ramfs, is the last test's).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeviceReadsIT {
  private static final String RECORDS = "100000";
  private static final long BLOCK = 4096;
  private Path dir;

  @BeforeAll
  void load() {
    dir = StoreDirs.create(Medium.DISK);
    YcsbProcess.Result r = Ycsb.completed("load", "load", args(dir));
    assertEquals(Long.parseLong(RECORDS), r.count("INSERT", "Return=OK"));
  }

  @AfterAll
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  private static String[] args(Path dir, String... more) {
    String[] base = {"-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-p", "fieldlength=100",
        "-p", "tiered.medium=disk", "-p", "tiered.path=" + dir, "-p", "tiered.ratio=1:4", "-threads", "2"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void everyMissThatTheBlockCacheDoesNotServeReadsTheDevice() {
    // the warm-up makes the counts cover the measured phase only, the same window for both figures
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args(dir, "-p", "operationcount=20000",
        "-p", "warmuptime=1"));
    assertTrue(r.err().contains("tiered: disk reads bypass the OS page cache (direct I/O)"), r.err());
    assertEquals("true", r.metric("TIER", "DirectIo"), r.out());
    double misses = Ycsb.tier(r, "DramMisses");
    // a miss that RocksDB's block cache or its memtable (the Load's last writes, not yet in a table file) served
    double cacheHits = Ycsb.tier(r, "BlockCacheDataHits") + Ycsb.tier(r, "MemtableHits");
    double device = Ycsb.tier(r, "DeviceReadBytes");
    double process = Ycsb.tier(r, "ProcessReadBytes");
    assertTrue(misses > 5000, "a 1:4 uniform read misses DRAM about 3 times in 4:\n" + r.out());
    // two clients missing the same key at once share one read of the persistent tier (the DRAM
    // tier loads a key once): a few misses more than persistent reads, never fewer
    double reads = Ycsb.tier(r, "PersistentReads");
    assertTrue(reads <= misses && misses - reads <= misses / 100, "persistent reads " + reads + " against "
        + misses + " misses:\n" + r.out());
    assertTrue(process >= (reads - cacheHits) * BLOCK, "read_bytes " + process + " < (" + reads
        + " persistent reads - " + cacheHits + " block cache and memtable hits) x 4 KiB:\n" + r.out());
    assertEquals(process, device, process * 0.10, "[TIER] DeviceReadBytes against /proc/self/io read_bytes");
    assertTrue(Ycsb.tier(r, "DeviceReads") >= reads - cacheHits, r.out());
    assertTrue(Ycsb.tier(r, "DeviceReadP50(us)") > 0, r.out());
    // the device's own counters (/proc/diskstats) saw those reads, over the same window
    BlockDevice block = BlockDevice.of(dir);
    if (block == null) {
      assertNull(r.metric("TIER", "Device"), "no block device under " + dir + ", yet:\n" + r.out());
    } else {
      assertEquals(block.label(), r.metric("TIER", "Device"), r.out());
      double busy = Ycsb.tier(r, "DeviceUtilisation");
      assertTrue(busy > 0 && busy <= 1, "DeviceUtilisation " + busy + ":\n" + r.out());
      assertTrue(Ycsb.tier(r, "DeviceQueue") > 0, r.out());
      assertEquals(r.metric("TIER", "DeviceUtilisation"), r.metric("BOTTLENECK", "DeviceUtilisation"), r.out());
    }
    // reads by the tier that served them: [READ-DRAM] + [READ-PERSISTENT] = [READ], as the DRAM counts say
    long dramReads = r.count("READ-DRAM", "Operations");
    long persistentReads = r.count("READ-PERSISTENT", "Operations");
    assertEquals(r.count("READ", "Operations"), dramReads + persistentReads, r.out());
    assertEquals((long) Ycsb.tier(r, "DramHits"), dramReads, r.out());
    assertEquals((long) misses, persistentReads, r.out());
    // every miss went to the I/O pool once: handed over by a loop, or carried on by the pool thread
    // that served its client's previous operation (tiered.io.carry), which most are
    double handedOver = Ycsb.tier(r, "StoreIoHandOvers");
    double carried = Ycsb.tier(r, "StoreIoCarried");
    assertEquals(persistentReads, handedOver + carried, 4, r.out());
    assertTrue(carried >= 0.9 * persistentReads, "carried " + carried + " of " + persistentReads + " misses:\n" + r.out());
    // how much slower a device read is than a DRAM one is the machine's figure: bench/tiered-store.sh
    // prints both sections' p99 for disk at 1:4
    assertTrue(r.metric("READ-DRAM", "99thPercentileLatency(us)") != null
        && r.metric("READ-PERSISTENT", "99thPercentileLatency(us)") != null, r.out());
    // the block cache is carved out of the memory side: DRAM tier + block cache = a quarter of the data
    double memory = Ycsb.tier(r, "DramBudgetBytes") + Ycsb.tier(r, "BlockCacheBytes");
    assertEquals(0.25, memory / Ycsb.tier(r, "EstimatedDataBytes"), 0.001, r.out());
  }

  @Test
  void thePageCacheIsOptInAndNamedForWhatItIs() {
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args(dir, "-p", "operationcount=5000",
        "-p", "tiered.disk.page_cache=true"));
    assertTrue(r.err().contains("tiered.disk.page_cache=true: disk reads go through the OS page cache, an unbounded"
        + " extra tier of memory"), r.err());
    assertEquals("false", r.metric("TIER", "DirectIo"), r.out());
  }

  @Test
  void aFileSystemWithoutDirectIoFallsBackWithOneLine() throws Exception {
    // ramfs refuses O_DIRECT (tmpfs takes it since Linux 6.6, and so does the power-cut FUSE file system)
    Path ramfs = Files.createTempDirectory("tiered-test-ramfs-");
    mount("mount", "-t", "ramfs", "ramfs", ramfs.toString());
    try {
      Path store = ramfs.resolve("store");
      YcsbProcess.Result r = Ycsb.completed("load", "load", "-p", "recordcount=1000", "-p", "fieldcount=1",
          "-p", "tiered.medium=disk", "-p", "tiered.path=" + store);
      assertEquals(1, r.err().lines().filter(l -> l.contains("cannot do direct I/O (O_DIRECT)")).count(), r.err());
      assertTrue(r.err().contains("tiered: warning: ramfs at " + store + " cannot do direct I/O (O_DIRECT): disk reads"
          + " go through the OS page cache, an unbounded extra tier of memory"), r.err());
      assertEquals("false", r.metric("TIER", "DirectIo"), r.out());
      assertEquals(1000, r.count("INSERT", "Return=OK"));
    } finally {
      mount("umount", ramfs.toString());
      Files.delete(ramfs);
    }
  }

  private static void mount(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed (this test mounts ramfs, as root): " + out);
    }
  }
}
