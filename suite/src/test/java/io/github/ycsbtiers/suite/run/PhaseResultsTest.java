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
  void aServerSectionGivesTheHitRatioAndThePerMasterCallsOfTheMeasuredPhase() {
    YcsbOutput out = YcsbOutput.parse(WARMED_UP + String.join("\n",
        "[SERVER], Nodes, 2",
        "[SERVER], Calls-GET, 100000",
        "[SERVER], Calls-SET, 100000",
        "[SERVER], KeyspaceHits, 75000",
        "[SERVER], KeyspaceMisses, 25000",
        "[SERVER], KeyspaceHitRatio, 0.75",
        "[SERVER], 127.0.0.1:7000-Calls, 120001",
        "[SERVER], 127.0.0.1:7000-Calls-GET, 60000",
        "[SERVER], 127.0.0.1:7000-Calls-SET, 60000",
        "[SERVER], 127.0.0.1:7001-Calls, 80000",
        "[SERVER], 127.0.0.1:7001-Calls-GET, 40000",
        "[SERVER], 127.0.0.1:7001-Calls-SET, 40000",
        ""));
    // INFO around the process (warm-up included) is there too, and not used
    var aroundProcess = new io.github.ycsbtiers.suite.probe.InfoDelta(1, 1, 0, 0, 0, Map.of());
    PhaseResult r = PhaseResults.of("redis", MIXED, out, aroundProcess, dir, List.of());
    assertEquals(0.75, r.hitRatio());
    assertEquals("SERVER", r.hitSource());
    assertEquals("75000", r.details().get("server.KeyspaceHits"));
    assertNull(r.details().get("info.keyspace_hits.delta"));

    Map<String, String> details = new java.util.TreeMap<>();
    assertEquals(true, NodeCalls.addFromServer(out.section("SERVER"), java.util.Set.of("127.0.0.1:7000",
        "127.0.0.1:7001"), r, details));
    assertEquals(Map.of("node.127.0.0.1:7000.calls", "120000", "node.127.0.0.1:7000.qps", "12000.0",
        "node.127.0.0.1:7001.calls", "80000", "node.127.0.0.1:7001.qps", "8000.0", "nodes.calls", "200000",
        "nodes.window", "measured"), details, "SET + GET per master over the measured 10 s");

    // a Cluster of one master: the section names none, its figures are that master's
    YcsbOutput single = YcsbOutput.parse(WARMED_UP + "[SERVER], Nodes, 1\n[SERVER], Calls-GET, 100000\n"
        + "[SERVER], Calls-SET, 100000\n[SERVER], Calls-INFO, 2\n");
    Map<String, String> one = new java.util.TreeMap<>();
    assertEquals(true, NodeCalls.addFromServer(single.section("SERVER"), java.util.Set.of("127.0.0.1:7000"), r, one));
    assertEquals("200000", one.get("node.127.0.0.1:7000.calls"));
  }

  @Test
  void readsTimedByTierAreKeptForTheTables() {
    YcsbOutput out = YcsbOutput.parse(WARMED_UP + String.join("\n",
        "[READ-DRAM], Operations, 25000",
        "[READ-DRAM], 99thPercentileLatency(us), 2",
        "[READ-PERSISTENT], Operations, 75000",
        "[READ-PERSISTENT], 99thPercentileLatency(us), 310",
        ""));
    PhaseResult r = PhaseResults.of("disk", MIXED, out, null, dir, List.of());
    assertEquals("2", r.details().get("p99.READ-DRAM"));
    assertEquals("310", r.details().get("p99.READ-PERSISTENT"));
    assertEquals("75000", r.details().get("operations.READ-PERSISTENT"));
    assertEquals(200000, r.operations(), "the tier sections split [READ]; they are not more operations");
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
