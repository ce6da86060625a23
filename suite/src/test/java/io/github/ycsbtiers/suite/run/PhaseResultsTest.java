package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A phase's figures from its YCSB report, the [WARMUP] section kept apart from the measured ones. */
class PhaseResultsTest {
  /** bin/ycsb's report of a warmed-up run phase: [WARMUP] after the GC lines, before the operations. */
  static final String WARMED_UP = String.join("\n",
      "[OVERALL], RunTime(ms), 10000",
      "[OVERALL], Throughput(ops/sec), 20000.0",
      "[TOTAL_GCS_G1_Young_Generation], Count, 3",
      "[TOTAL_GC_TIME], Time(ms), 12",
      "[TOTAL_GC_TIME_%], Time(%), 0.12",
      "[WARMUP], RunTime(ms), 5003",
      "[WARMUP], Operations, 123456",
      "[WARMUP], Throughput(ops/sec), 24676.2",
      "[WARMUP], READ Return=OK, 61000",
      "[WARMUP], UPDATE Return=OK, 62456",
      "[READ], Operations, 100000",
      "[READ], AverageLatency(us), 20.0",
      "[READ], 99thPercentileLatency(us), 40",
      "[READ], Return=OK, 100000",
      "[UPDATE], Operations, 100000",
      "[UPDATE], AverageLatency(us), 30.0",
      "[UPDATE], 99thPercentileLatency(us), 60",
      "[UPDATE], Return=OK, 100000",
      "");
  static final PhaseSpec MIXED = new PhaseSpec("7:1", "uniform-update5050", false, "workloads/uniform-update5050",
      200000, 200000, Map.of());

  @TempDir
  Path dir;

  @Test
  void warmupIsReadFromItsOwnSectionAndCountedInNoOtherFigure() {
    YcsbOutput out = YcsbOutput.parse(WARMED_UP);
    assertEquals("61000", out.text("WARMUP", "READ Return=OK"));
    PhaseResult r = PhaseResults.of("pmem", MIXED, out, null, dir, List.of());
    assertEquals(new PhaseResult.Warmup(5003, 123456), r.warmup());
    assertEquals(200000, r.operations(), "measured operations only");
    assertEquals(20000.0, r.throughput());
    assertEquals(10000, r.runtimeMs());
    assertEquals(25.0, r.avgUs());
  }

  @Test
  void aPhaseWithoutWarmupSectionHasNoWarmup() {
    YcsbOutput out = YcsbOutput.parse(WARMED_UP.replaceAll("\\[WARMUP\\][^\n]*\n", ""));
    assertNull(PhaseResults.of("pmem", MIXED, out, null, dir, List.of()).warmup());
  }

  @Test
  void theLineSayingWhyTheWarmupEndedIsReadFromThePhaseLog() throws Exception {
    Path log = dir.resolve("01-7-1-uniform-read.log");
    Files.writeString(log, "Command line: -db x -p warmuptime=auto\n"
        + "Warm-up ended after 9.8 s: throughput stable within 5% over 3 s  \nLoading workload...\n");
    assertEquals(Optional.of("Warm-up ended after 9.8 s: throughput stable within 5% over 3 s"),
        SuiteRunner.warmupEnded(log));
    Files.writeString(log, "Command line: -db x\n");
    assertEquals(Optional.empty(), SuiteRunner.warmupEnded(log));
    assertEquals(Optional.empty(), SuiteRunner.warmupEnded(dir.resolve("missing.log")));
  }
}
