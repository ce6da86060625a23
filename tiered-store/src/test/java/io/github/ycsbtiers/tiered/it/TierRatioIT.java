package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The hit-ratio criteria through bin/ycsb, as a user runs the white paper's phases: one
 * Load, then each read phase in its own JVM (the DRAM tier starts from the warm-up at open).
 * 200,000 records of one 100-byte field on pmem (the DRAM tier behaves the same over both media).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TierRatioIT {
  private static final String RECORDS = "200000";
  private Path dir;
  private double uniformHitRatio = Double.NaN;

  @BeforeAll
  void load() {
    dir = StoreDirs.create(Medium.PMEM);
    YcsbProcess.Result r = Ycsb.completed("load", "load", args("1:4"));
    assertEquals(Long.parseLong(RECORDS), r.count("INSERT", "Return=OK"));
    assertEquals(Long.parseLong(RECORDS), (long) Ycsb.tier(r, "PersistentWrites"));
  }

  @AfterAll
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  private String[] args(String ratio, String... more) {
    String[] base = {"-p", "recordcount=" + RECORDS, "-p", "operationcount=" + RECORDS, "-p", "tiered.medium=pmem",
        "-p", "tiered.path=" + dir, "-p", "tiered.ratio=" + ratio, "-threads", "2"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  /** Every read is one DRAM look-up: hits plus misses equal the READ operations. */
  private static double hitRatio(YcsbProcess.Result r) {
    long reads = r.count("READ", "Operations");
    assertEquals(reads, r.count("READ", "Return=OK"));
    assertEquals(reads, (long) (Ycsb.tier(r, "DramHits") + Ycsb.tier(r, "DramMisses")));
    return Ycsb.tier(r, "DramHitRatio");
  }

  @Test
  void uniformReadsAtOneToFourHitTheBudgetsShareOfTheData() {
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args("1:4"));
    double share = Ycsb.tier(r, "DramBudgetBytes") / Ycsb.tier(r, "EstimatedDataBytes");
    assertEquals(0.25, share, 0.001);
    double ratio = hitRatio(r);
    assertEquals(share, ratio, 0.05, "uniform hit ratio against the budget's share of the data");
    uniformHitRatio = ratio;
  }

  @Test
  void zipfianReadsAtOneToFourHitClearlyMoreThanUniformOnes() {
    if (Double.isNaN(uniformHitRatio)) {
      uniformReadsAtOneToFourHitTheBudgetsShareOfTheData();
    }
    double zipfian = hitRatio(Ycsb.completed("run", "zipfian-read", args("1:4")));
    assertTrue(zipfian >= uniformHitRatio + 0.15,
        "zipfian hit ratio " + zipfian + " is not clearly above the uniform " + uniformHitRatio);
  }

  @Test
  void atSevenToOneAfterTheLoadNearlyEveryReadHits() {
    YcsbProcess.Result r = Ycsb.completed("run", "uniform-read", args("7:1",
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"));
    Matcher m = Pattern.compile("\"metric\" : \"TIER\",\\s*\"measurement\" : \"DramHitRatio\",\\s*\"value\" : ([0-9.E-]+)")
        .matcher(r.out());
    assertTrue(m.find(), "no [TIER] DramHitRatio in the JSON report:\n" + r.out());
    double ratio = Double.parseDouble(m.group(1));
    assertTrue(ratio >= 0.99, "hit ratio at 7:1: " + ratio);
  }
}
