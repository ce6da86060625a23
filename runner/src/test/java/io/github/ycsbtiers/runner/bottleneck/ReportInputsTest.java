package io.github.ycsbtiers.runner.bottleneck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.merge.ReportLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The inputs read from recorded reports of bin/ycsb (src/test/resources/bottleneck/README.md), the
 * verdict they give, and each rule's threshold crossed by changing one recorded figure.
 */
class ReportInputsTest {
  private static final Set<String> TIERED = Set.of("READ-DRAM", "READ-PERSISTENT", "STORE-WAIT");
  private static final String GET = "redis-get-pinned-256-clients.txt";
  private static final String BITCOUNT = "redis-bitcount-pinned-32-clients.txt";
  private static final String DISK = "disk-1to4-uniform-read-32-clients.txt";
  private static final String TARGET = "pmem-target-interval-both.txt";

  private static String recorded(String name) throws IOException {
    return Files.readString(Path.of("src", "test", "resources", "bottleneck", name));
  }

  /** The report's sections without the verdict it was written with. */
  private static Map<String, Map<String, String>> inputs(String report) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>(ReportLines.parse(report).sections());
    sections.remove(BottleneckSection.NAME);
    return sections;
  }

  private static BottleneckInputs read(String report, Set<String> binding, ReportInputs.Latencies latencies) {
    return ReportInputs.of(inputs(report), binding, latencies);
  }

  private static Verdict judge(String report, Set<String> binding) {
    return BottleneckRules.judge(read(report, binding, ReportInputs.Latencies.MEASURED));
  }

  @Test
  void eachRecordedReportIsJudgedAgainAsItWasWritten() throws IOException {
    for (String name : new String[] {GET, BITCOUNT, DISK, TARGET}) {
      String report = recorded(name);
      Set<String> binding = name.startsWith("redis") ? Set.of() : TIERED;
      ReportInputs.Latencies latencies = name.equals(TARGET) ? ReportInputs.Latencies.BOTH
          : ReportInputs.Latencies.MEASURED;
      BottleneckInputs in = read(report, binding, latencies);
      Map<String, String> again = new LinkedHashMap<>();
      BottleneckSection.of(BottleneckRules.judge(in), in).values().forEach((k, v) -> again.put(k, String.valueOf(v)));
      assertEquals(ReportLines.parse(report).sections().get(BottleneckSection.NAME), again, name);
    }
  }

  @Test
  void aRemoteServersMainThreadAndThePinnedClientsOneCore() throws IOException {
    BottleneckInputs in = read(recorded(GET), Set.of(), ReportInputs.Latencies.MEASURED);
    assertEquals(1, in.cores());
    assertEquals(0.494, in.processCores());
    assertEquals(256, in.clients());
    assertEquals(0.254, in.serverThreadCores());
    assertEquals("main-thread", in.serverThread());
    assertTrue(Double.isNaN(in.storeCpuCores()) && Double.isNaN(in.deviceQueue()) && Double.isNaN(in.intendedMicros()));
    assertNull(in.device());
    assertEquals(Verdict.Kind.NONE, BottleneckRules.judge(in).kind());
  }

  @Test
  void theClientsCoresAtEightyPercent() throws IOException {
    String report = recorded(GET);
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(report.replace("[CLIENT], CoresUsed, 0.494", "[CLIENT], CoresUsed, 0.8"),
        Set.of()).rule());
    assertEquals(Verdict.Rule.NONE, judge(report.replace("[CLIENT], CoresUsed, 0.494", "[CLIENT], CoresUsed, 0.799"),
        Set.of()).rule());
  }

  @Test
  void theServersMainThreadAtNinetyPercentOfACore() throws IOException {
    String report = recorded(BITCOUNT);
    Verdict v = judge(report.replace("[SERVER], ServerThreadCores, 0.157", "[SERVER], ServerThreadCores, 0.9"), Set.of());
    assertEquals(Verdict.Rule.SERVER_THREAD, v.rule());
    assertEquals("server-bound", v.kind().label());
    assertEquals(Verdict.Rule.NONE, judge(report.replace("[SERVER], ServerThreadCores, 0.157",
        "[SERVER], ServerThreadCores, 0.899"), Set.of()).rule());
  }

  @Test
  void theEmbeddedStoresThreadsAndDeviceFromItsTierSection() throws IOException {
    String report = recorded(DISK);
    BottleneckInputs in = read(report, TIERED, ReportInputs.Latencies.MEASURED);
    assertEquals(2, in.cores());
    assertEquals(1.025, in.processCores());
    assertEquals(0.707, in.storeCpuCores());
    assertEquals(1.025 - 0.707, in.clientCores(), 1e-12);
    assertEquals(0.052, in.serverThreadCores());
    assertEquals("store-loop", in.serverThread());
    assertEquals("vda (254:0)", in.device());
    assertEquals(0.537, in.deviceUtilisation());
    assertEquals(2.282, in.deviceQueue());
    assertEquals(32, in.clients());
    // the device's queue at half the clients' operations, its busy time at 90%
    assertEquals(Verdict.Rule.DEVICE_QUEUE, judge(report.replace("[TIER], DeviceQueue, 2.282",
        "[TIER], DeviceQueue, 16"), TIERED).rule());
    assertEquals(Verdict.Rule.NONE, judge(report.replace("[TIER], DeviceQueue, 2.282",
        "[TIER], DeviceQueue, 15.99"), TIERED).rule());
    assertEquals(Verdict.Rule.DEVICE_BUSY, judge(report.replace("[TIER], DeviceUtilisation, 0.537",
        "[TIER], DeviceUtilisation, 0.9"), TIERED).rule());
    // the process's cores at 80% of 2, the store's threads 0.707 of them against the client's 0.893
    String saturated = report.replace("[CLIENT], CoresUsed, 1.025", "[CLIENT], CoresUsed, 1.6");
    assertEquals(Verdict.Rule.CLIENT_CPU, judge(saturated, TIERED).rule());
    // the store's threads used more of them: server-bound
    assertEquals(Verdict.Rule.STORE_CPU, judge(saturated.replace("[TIER], StoreCpuCores, 0.707",
        "[TIER], StoreCpuCores, 0.81"), TIERED).rule());
  }

  @Test
  void intendedLatencyFromWhicheverSectionsHoldIt() throws IOException {
    String report = recorded(TARGET);
    // measurement.interval=both: [Intended-READ]'s mean (its CLEANUP left out)
    BottleneckInputs both = read(report, TIERED, ReportInputs.Latencies.BOTH);
    assertEquals(830.072, both.sendLatenessMicros());
    assertEquals(880.8099183929693, both.intendedMicros(), 1e-9);
    // op: lateness plus [READ]'s mean, the binding's own sections (READ-DRAM, STORE-WAIT) left out
    BottleneckInputs op = read(report, TIERED, ReportInputs.Latencies.MEASURED);
    assertEquals(830.072 + 50.228374136848714, op.intendedMicros(), 1e-9);
    BottleneckInputs counted = read(report, Set.of(), ReportInputs.Latencies.MEASURED);
    assertTrue(counted.intendedMicros() != op.intendedMicros(), "binding sections counted as operations");
    // intended: the plain sections hold it
    assertEquals(50.228374136848714, read(report, TIERED, ReportInputs.Latencies.INTENDED).intendedMicros(), 1e-9);
    assertEquals(Verdict.Rule.SEND_LATENESS, BottleneckRules.judge(both).rule());
  }

  @Test
  void sendLatenessAtHalfTheIntendedLatency() throws IOException {
    String report = recorded(TARGET);
    String late = "[SCHEDULE], AverageSendLateness(us), 830.072";
    // half of [Intended-READ]'s 880.81 us is 440.405 us
    assertEquals(Verdict.Rule.SEND_LATENESS, BottleneckRules.judge(read(report.replace(late,
        "[SCHEDULE], AverageSendLateness(us), 440.41"), TIERED, ReportInputs.Latencies.BOTH)).rule());
    assertEquals(Verdict.Rule.NONE, BottleneckRules.judge(read(report.replace(late,
        "[SCHEDULE], AverageSendLateness(us), 440.40"), TIERED, ReportInputs.Latencies.BOTH)).rule());
    // without [SCHEDULE] (no -target), no lateness at all
    BottleneckInputs unthrottled = read(report.replace(late, ""), TIERED, ReportInputs.Latencies.BOTH);
    assertTrue(Double.isNaN(unthrottled.sendLatenessMicros()) && Double.isNaN(unthrottled.latenessShare()));
  }
}
