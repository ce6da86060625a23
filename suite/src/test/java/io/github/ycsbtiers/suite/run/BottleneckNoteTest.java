package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary's note on what limited each phase, from the [BOTTLENECK] sections of recorded reports. */
class BottleneckNoteTest {
  /** bin/ycsb's verdict on the disk tier at 1:4, 32 clients, on a busy machine (bench/bottleneck.sh, short). */
  private static final String NONE_FOUND = String.join("\n",
      "[OVERALL], RunTime(ms), 3231",
      "[OVERALL], Throughput(ops/sec), 10874.275782155273",
      "[READ], Operations, 37538",
      "[READ], AverageLatency(us), 2333.9944589482657",
      "[BOTTLENECK], Verdict, none found",
      "[BOTTLENECK], Rule, none",
      "[BOTTLENECK], Reason, no rule's threshold was reached by the figures the run has",
      "[BOTTLENECK], CoresAvailable, 2",
      "[BOTTLENECK], ClientProcessCores, 1.025",
      "[BOTTLENECK], StoreCpuCores, 0.707",
      "[BOTTLENECK], ClientOwnCores, 0.318",
      "[BOTTLENECK], LogicalClients, 32",
      "[BOTTLENECK], ServerThreadCores, 0.052",
      "[BOTTLENECK], ServerThread, store-loop",
      "[BOTTLENECK], Device, vda (254:0)",
      "[BOTTLENECK], DeviceUtilisation, 0.537",
      "[BOTTLENECK], DeviceQueue, 2.28",
      "");
  /** The same lines of a pmem run under -target 4000 that sent its operations late. */
  private static final String LATE = String.join("\n",
      "[OVERALL], RunTime(ms), 2004",
      "[OVERALL], Throughput(ops/sec), 4000.1",
      "[READ], Operations, 8018",
      "[READ], AverageLatency(us), 50.228374136848714",
      "[BOTTLENECK], Verdict, client-bound",
      "[BOTTLENECK], Rule, send-lateness",
      "[BOTTLENECK], Reason, operations were sent 830 us late on average: 94% of their mean intended latency of 881 us"
          + " (at least 50%)",
      "[BOTTLENECK], CoresAvailable, 2",
      "[BOTTLENECK], ClientProcessCores, 0.487",
      "[BOTTLENECK], LogicalClients, 4",
      "[BOTTLENECK], AverageSendLateness(us), 830.072",
      "[BOTTLENECK], AverageIntendedLatency(us), 880.81",
      "[BOTTLENECK], SendLatenessShare, 0.942",
      "");
  private static final PhaseSpec READ_1TO4 = new PhaseSpec("1:4", "uniform-read", false, "workloads/uniform-read",
      200000, 6250, Map.of());
  private static final PhaseSpec READ_7TO1 = new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read",
      200000, 200000, Map.of());

  @TempDir
  Path dir;

  private PhaseResult result(String target, PhaseSpec spec, String report) {
    return PhaseResults.of(target, spec, YcsbOutput.parse(report), null, dir, List.of());
  }

  @Test
  void everyLineOfTheVerdictIsKeptInThePhasesDetails() {
    PhaseResult r = result("disk", READ_1TO4, NONE_FOUND);
    assertEquals("none found", r.details().get("bottleneck.Verdict"));
    assertEquals("vda (254:0)", r.details().get("bottleneck.Device"));
    assertEquals("2.28", r.details().get("bottleneck.DeviceQueue"));
    assertEquals(13, r.details().keySet().stream().filter(k -> k.startsWith("bottleneck.")).count());
  }

  @Test
  void oneLinePerTargetWithEachPhasesVerdictAndTheFigureThatDecidedIt() {
    List<String> lines = BottleneckNote.lines(List.of(result("disk", READ_1TO4, NONE_FOUND),
        result("pmem", READ_7TO1, LATE), result("disk", READ_7TO1, LATE)));
    String rules = " ([BOTTLENECK] of its report; the rules: docs/scenarios.md): ";
    assertEquals(List.of(
        "disk: what limited each phase" + rules + "1:4 uniform-read none found; 7:1 uniform-read client-bound"
            + " (send-lateness: 94% of the intended latency sent late)",
        "pmem: what limited each phase" + rules + "7:1 uniform-read client-bound"
            + " (send-lateness: 94% of the intended latency sent late)"), lines);
  }

  @Test
  void roundsOfOneCellListEachVerdictWithItsRounds() {
    String cpu = NONE_FOUND.replace("Verdict, none found", "Verdict, server-bound")
        .replace("Rule, none", "Rule, store-cpu").replace("ClientProcessCores, 1.025", "ClientProcessCores, 1.9")
        .replace("StoreCpuCores, 0.707", "StoreCpuCores, 1.2");
    String queue = NONE_FOUND.replace("Verdict, none found", "Verdict, device-bound")
        .replace("Rule, none", "Rule, device-queue").replace("DeviceQueue, 2.28", "DeviceQueue, 21.3");
    List<String> lines = BottleneckNote.lines(List.of(result("disk", READ_1TO4, queue),
        result("disk", READ_1TO4, cpu), result("disk", READ_1TO4, queue)));
    assertEquals(1, lines.size());
    assertTrue(lines.get(0).endsWith(": 1:4 uniform-read device-bound in 2 of 3 rounds (device-queue: 21.3 in flight"
        + " of 32 clients, device-queue: 21.3 in flight of 32 clients), server-bound in 1 of 3 rounds (store-cpu: 1.9"
        + " of 2 cores, the store's threads 1.2)"), lines.get(0));
  }

  @Test
  void aPhaseWithoutAVerdictIsLeftOut() {
    String old = "[OVERALL], RunTime(ms), 1000\n[OVERALL], Throughput(ops/sec), 10.0\n";
    assertEquals(List.of(), BottleneckNote.lines(List.of(result("upstream", READ_1TO4, old))));
    assertEquals("server-thread: 0.93 of a core (main-thread)", BottleneckNote.figure(Map.of(
        "bottleneck.Rule", "server-thread", "bottleneck.ServerThreadCores", "0.93",
        "bottleneck.ServerThread", "main-thread")));
    assertEquals("device-busy: 97% of the time busy", BottleneckNote.figure(Map.of(
        "bottleneck.Rule", "device-busy", "bottleneck.DeviceUtilisation", "0.97")));
  }
}
