package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * dataintegrity=true runs of workloads a, b, c, e and f through bin/ycsb on both media, with the
 * core workload's 10 fields per record (RecordLayout, partial reads and updates) and a DRAM tier
 * smaller than the data (1:4), so reads are served by both tiers.
 */
class DataIntegrityIT {
  private Path dir;

  @AfterEach
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  private String[] args(Medium medium) {
    return new String[] {"-p", "recordcount=2000", "-p", "operationcount=2000", "-p", "dataintegrity=true",
        "-p", "tiered.medium=" + medium.label(), "-p", "tiered.path=" + dir, "-p", "tiered.ratio=1:4",
        "-threads", "2"};
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void workloadsVerifyEveryRead(Medium medium) {
    dir = StoreDirs.create(medium);
    YcsbProcess.Result load = Ycsb.completed("load", "workloada", args(medium));
    assertEquals(2000, load.count("INSERT", "Return=OK"));
    for (String workload : List.of("workloada", "workloadb", "workloadc", "workloade", "workloadf")) {
      YcsbProcess.Result r = Ycsb.completed("run", workload, args(medium));
      String report = workload + " on " + medium.label() + ":\n" + r.out();
      assertFalse(r.out().contains("Return=ERROR"), report);
      assertFalse(r.out().contains("Return=UNEXPECTED_STATE"), report);
      assertFalse(r.out().contains("Return=NOT_FOUND"), report);
      assertTrue(r.out().contains("Return="), report);
      assertEquals(0, (long) Ycsb.tier(r, "Failures"), report);
      if (!workload.equals("workloade")) {
        assertTrue(r.count("VERIFY", "Return=OK") > 0, report);
        assertEquals(r.count("VERIFY", "Operations"), r.count("VERIFY", "Return=OK"), report);
      } else {
        assertTrue(r.count("SCAN", "Return=OK") > 0, report);
      }
    }
  }
}
