package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * After a warm-up, {@code [TIER]}'s counts cover the measured phase alone: every measured read is
 * one DRAM lookup (a hit or a miss), and the warm-up's lookups are not among them.
 */
class WarmupTierIT {
  private Path dir;

  @AfterEach
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  @Test
  void tierCountsStartWithTheMeasuredPhase() {
    dir = StoreDirs.create(Medium.PMEM);
    String[] common = {"-p", "recordcount=5000", "-p", "tiered.medium=pmem", "-p", "tiered.path=" + dir,
        "-p", "tiered.ratio=1:4", "-threads", "2"};
    Ycsb.completed("load", "load", common);
    String[] run = new String[common.length + 4];
    System.arraycopy(common, 0, run, 0, common.length);
    System.arraycopy(new String[] {"-p", "operationcount=3000", "-p", "warmuptime=1"}, 0, run, common.length, 4);
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", run);
    long reads = r.count("READ", "Operations");
    assertEquals(3000, reads, r.out());
    // any warm-up read counted in [TIER] would put hits + misses above the measured reads
    assertTrue(r.count("WARMUP", "Operations") > 0, "the warm-up read nothing:\n" + r.out());
    assertEquals(reads, (long) (Ycsb.tier(r, "DramHits") + Ycsb.tier(r, "DramMisses")), r.out());
    // a miss reads the persistent tier unless another thread promoted the key meanwhile
    double persistentReads = Ycsb.tier(r, "PersistentReads");
    assertTrue(persistentReads > 0 && persistentReads <= Ycsb.tier(r, "DramMisses"), r.out());
  }
}
