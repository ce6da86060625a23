package io.github.ycsbtiers.tiered.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parsers on lines recorded on a Linux 2-core VM, and what two readings say. */
class UsageTest {
  /** /proc/diskstats of the VM (kernel with discard and flush fields) at two moments, 2 s apart. */
  private static final String DISKSTATS_0 = "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
      + " 254       0 vda 11216072 29106 165612580 2061371 303308 174372 119441704 1865068 0 1622872 4173327 203689 113"
      + " 275288320 176957 29670 69929\n"
      + " 253       0 zram0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
  private static final String DISKSTATS_2 = " 254       0 vda 11276072 29106 166092580 2081371 303408 174372 119442704"
      + " 1865868 31 1624822 4213327 203689 113 275288320 176957 29670 69929\n";
  /** A thread's stat line whose name holds a space and a parenthesis; utime 7012, stime 1988. */
  private static final String STAT = "4242 (tiered (loop) 0) S 1037 1037 14689 0 -1 4194304 98 0 0 0 7012 1988 0 0"
      + " 20 0 1 0 2317820 3133440 414 18446744073709551615 94436749414400";

  @Test
  void aDevicesLineByNumberAndItsBusyAndWeightedMilliseconds() {
    DiskStats vda = DiskStats.find(DISKSTATS_0, 254, 0);
    assertEquals(new DiskStats("vda", 11216072, 303308, 1622872, 4173327), vda);
    assertNull(DiskStats.find(DISKSTATS_0, 254, 1));
    assertEquals("loop0", DiskStats.find(DISKSTATS_0, 7, 0).name());
    // an old kernel's 14 fields are enough
    assertEquals(5L, DiskStats.find("8 1 sda1 1 0 0 0 2 0 0 0 0 5 9", 8, 1).busyMillis());
  }

  @Test
  void linuxDeviceNumbersDecodeAsTheKernelEncodesThem() {
    // st_dev of an ext4 file system on /dev/vda (254:0), as stat gives it: 65024
    assertEquals(new BlockDevice("vda", 254, 0), BlockDevice.find(DISKSTATS_0, 65024));
    assertEquals("vda (254:0)", BlockDevice.find(DISKSTATS_0, 65024).label());
    // major 259 minor 300 (nvme partitions go above 255): minor's high bits move up
    long dev = (259L << 8) | (300 & 0xff) | ((300L & ~0xffL) << 12);
    assertEquals(new BlockDevice("nvme0n1p9", 259, 300), BlockDevice.find("259 300 nvme0n1p9 1 0 0 0 2 0 0 0 0 5 9", dev));
    assertNull(BlockDevice.find(DISKSTATS_0, 48)); // 0:48, an overlay's anonymous device
  }

  @Test
  void theMountThatHoldsAPathIsTheLongestMountPointAboveIt() {
    String mountinfo = "26 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
        + "24 23 0:22 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24683620k\n"
        + "41 26 0:48 / /data rw,relatime shared:1 - btrfs /dev/nvme0n1p2 rw\n"
        + "42 26 0:49 / /mnt/my\\040disk rw,relatime - xfs /dev/sdb1 rw\n";
    assertEquals("/dev/nvme0n1p2", MountInfo.sourceOf(mountinfo, "/data/ycsb-tiered"));
    assertEquals("/dev/vda", MountInfo.sourceOf(mountinfo, "/database"));
    assertEquals("tmpfs", MountInfo.sourceOf(mountinfo, "/dev/shm/ycsb"));
    assertEquals("/dev/sdb1", MountInfo.sourceOf(mountinfo, "/mnt/my disk/store"));
  }

  @Test
  void aThreadsTimeIsSchedstatsFirstFieldOrStatsTicksCountedFromTheLastParenthesis() {
    assertEquals(2026988668L, ThreadCpu.onCpuNanos("2026988668 6177501503 1419\n"));
    assertEquals(-1, ThreadCpu.onCpuNanos(""));
    assertEquals(9000, ThreadCpu.ticks(STAT));
    assertEquals(-1, ThreadCpu.ticks("4242 (x) S 1 2"));
    assertEquals(-1, ThreadCpu.ticks("no name here"));
  }

  @Test
  void twoReadingsGiveTheStoresCoresItsBusiestLoopAndTheDevicesShareAndQueue() {
    UsageProbe.Sample from = new UsageProbe.Sample(1_000_000_000L, Map.of(
        11, new ThreadCpu.Ticks("tiered-loop-0", 5_000_000_000L),
        12, new ThreadCpu.Ticks("tiered-loop-1", 4_000_000_000L),
        13, new ThreadCpu.Ticks("rocksdb:low", 100_000_000L)), DiskStats.find(DISKSTATS_0, 254, 0));
    UsageProbe.Sample to = new UsageProbe.Sample(3_000_000_000L, Map.of(
        11, new ThreadCpu.Ticks("tiered-loop-0", 6_900_000_000L),  // 1.9 s in 2 s
        12, new ThreadCpu.Ticks("tiered-loop-1", 5_500_000_000L),  // 1.5 s
        13, new ThreadCpu.Ticks("rocksdb:low", 200_000_000L),     // 0.1 s
        14, new ThreadCpu.Ticks("tiered-io-0", 300_000_000L)),    // new in the window: 0.3 s
        DiskStats.find(DISKSTATS_2, 254, 0));
    Usage u = Usage.between(from, to, "tiered-loop-", "vda (254:0)");
    assertEquals(2.0, u.seconds(), 1e-12);
    assertEquals(3.8, u.storeCpuSeconds(), 1e-9);
    assertEquals(1.9, u.storeCpuCores(), 1e-9);
    assertEquals(2, u.loops());
    assertEquals(0.95, u.busiestLoopCores(), 1e-9);
    assertEquals(1950 / 2000.0, u.deviceUtilisation(), 1e-12); // io_ticks 1622872 -> 1624822
    assertEquals(40000 / 2000.0, u.deviceQueue(), 1e-12);      // weighted 4173327 -> 4213327
    assertEquals("vda (254:0)", u.device());
  }

  @Test
  void whatIsNotReadIsUnknown() {
    UsageProbe.Sample none = new UsageProbe.Sample(0, null, null);
    UsageProbe.Sample later = new UsageProbe.Sample(1_000_000_000L, null, null);
    Usage u = Usage.between(none, later, "tiered-loop-", null);
    assertTrue(Double.isNaN(u.storeCpuCores()) && Double.isNaN(u.busiestLoopCores()));
    assertTrue(Double.isNaN(u.deviceUtilisation()) && Double.isNaN(u.deviceQueue()));
    // threads read but no loop among them (the synchronous path): no busiest loop
    Usage sync = Usage.between(new UsageProbe.Sample(0, Map.of(), null), new UsageProbe.Sample(1_000_000_000L,
        Map.of(5, new ThreadCpu.Ticks("rocksdb:high", 70_000_000L)), null), "tiered-loop-", null);
    assertEquals(0.07, sync.storeCpuCores(), 1e-12);
    assertTrue(Double.isNaN(sync.busiestLoopCores()));
  }

  @Test
  void thisMachinesOwnReadingsParse() {
    // the path of a real file system: its device is found wherever /proc/diskstats lists it
    UsageProbe p = UsageProbe.of("tiered", java.nio.file.Path.of(System.getProperty("java.io.tmpdir")));
    UsageProbe.Sample s = p.sample();
    assertTrue(s.threads() != null, "/proc/self/task unreadable");
  }
}
