package io.github.ycsbtiers.suite.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.report.ChartFiles;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.report.TableLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Timeline files as bin/ycsb writes them, read back, charted and linked from summary.md and search.md. */
class TimelineChartsTest {
  /** A warm-up row, then two measured ones: the second with a stall (few operations, a high p99) on an embedded store. */
  static final String EMBEDDED = String.join("\n",
      "{\"time\":\"2026-11-26T10:00:01.000Z\",\"elapsed_s\":1.000,\"interval_s\":1.000,\"phase\":\"warmup\","
          + "\"operations\":50000,\"ops_per_s\":50000.0,\"sections\":{\"READ\":{\"count\":50000,\"p50_us\":3,"
          + "\"p99_us\":40,\"p999_us\":90,\"max_us\":400,\"returns\":{\"OK\":50000}},\"CLEANUP\":{\"count\":1,"
          + "\"p99_us\":90000}},\"client_cpu_cores\":0.9,\"gc_count\":0,\"gc_pause_ms\":0,"
          + "\"tier\":{\"DramHits\":40000,\"DramMisses\":10000,\"PersistentReads\":10000,\"PersistentWrites\":0}}",
      "{\"time\":\"2026-11-26T10:00:02.000Z\",\"elapsed_s\":1.000,\"interval_s\":1.000,\"phase\":\"measured\","
          + "\"operations\":48000,\"ops_per_s\":48000.0,\"sections\":{\"READ\":{\"count\":48000,\"p50_us\":3,"
          + "\"p99_us\":42,\"p999_us\":95,\"max_us\":410}},\"tier\":{\"PersistentReads\":9000,\"PersistentWrites\":0}}",
      "{\"time\":\"2026-11-26T10:00:02.500Z\",\"elapsed_s\":1.500,\"interval_s\":0.500,\"phase\":\"measured\","
          + "\"operations\":500,\"ops_per_s\":1000.0,\"sections\":{\"READ\":{\"count\":500,\"p50_us\":3,"
          + "\"p99_us\":52000,\"p999_us\":60000,\"max_us\":61000},\"READ-FAILED\":{\"count\":3,\"p99_us\":9}},"
          + "\"tier\":{\"PersistentReads\":100,\"PersistentWrites\":0}}",
      "");

  @TempDir
  Path dir;

  @Test
  void rowsGiveRatesPerSecondAndTheP99OfEveryOperation() throws Exception {
    Path file = dir.resolve("t" + TimelineFile.SUFFIX);
    Files.writeString(file, EMBEDDED);
    TimelineFile t = TimelineFile.read(file);
    assertEquals(3, t.rows().size());
    assertTrue(t.rows().get(0).warmup());
    assertEquals(Map.of("READ", 40.0), t.rows().get(0).p99Us(), "the clean-up is not an operation");
    assertEquals(Map.of("READ", 52000.0), t.rows().get(2).p99Us(), "failed reads are timed apart");
    assertEquals(200.0, t.rows().get(2).serverRates().get("persistent reads"), "100 in half a second");
    assertEquals(1.0, t.elapsed(t.rows().get(0)), 1e-9);
    assertEquals(2.5, t.elapsed(t.rows().get(2)), 1e-9);
  }

  @Test
  void rocksDbWriteStallIsTheRowsMicrosecondsAndIsDrawnOnlyWhenThereWasOne() {
    TimelineFile.Row stalled = TimelineFile.row(Map.of("time", "2026-11-26T10:00:02Z", "interval_s", 0.5, "phase",
        "measured", "ops_per_s", 10.0, "tier", Map.of("PersistentWrites", 5, "StallMicros", 800_000)));
    assertEquals(Map.of("write stall", 800_000.0), stalled.stallUs(), "microseconds in the row, not a rate");
    TimelineFile.Row calm = TimelineFile.row(Map.of("time", "2026-11-26T10:00:03Z", "interval_s", 1.0, "phase",
        "measured", "ops_per_s", 10.0, "tier", Map.of("PersistentWrites", 5, "StallMicros", 0)));
    TimelineFile.Row pmem = TimelineFile.row(Map.of("time", "2026-11-26T10:00:04Z", "interval_s", 1.0, "phase",
        "measured", "ops_per_s", 10.0, "tier", Map.of("PersistentWrites", 5)));
    assertEquals(Map.of(), pmem.stallUs());
    List<String> drawn = TimelineChart.of("t", new TimelineFile(List.of(stalled, calm))).getSeriesMap().keySet()
        .stream().toList();
    assertTrue(drawn.contains("write stall (µs)"), drawn.toString());
    List<String> calmOnly = TimelineChart.of("t", new TimelineFile(List.of(calm))).getSeriesMap().keySet()
        .stream().toList();
    assertFalse(calmOnly.contains("write stall (µs)"), calmOnly.toString());
  }

  @Test
  void aProfiledPhaseDrawsOfferedAgainstAchievedAndItsIntendedP99() {
    TimelineFile.Row r = TimelineFile.row(Map.of("time", "2026-11-26T10:00:02Z", "interval_s", 1.0, "phase",
        "measured", "ops_per_s", 900.0, "offered_ops_per_s", 1000.0, "late_operations", 40, "sections",
        Map.of("READ", Map.of("count", 900, "p99_us", 80, "intended", Map.of("p99_us", 9000)))));
    assertTrue(r.profiled());
    assertEquals(1000.0, r.offeredPerSecond());
    assertEquals(Map.of("READ", 9000.0), r.intendedP99Us());
    assertEquals(40.0, r.late());
    List<String> drawn = TimelineChart.of("t", new TimelineFile(List.of(r))).getSeriesMap().keySet().stream().toList();
    assertEquals(List.of("client throughput (/s)", "offered by the profile (/s)", "late operations (/s)",
        "p99 READ (µs)", "intended p99 READ (µs)"), drawn);
  }

  @Test
  void aRemoteServersCommandsMissesAndEvictionsAreRates() {
    TimelineFile.Row r = TimelineFile.row(Map.of("time", "2026-11-26T10:00:02Z", "interval_s", 2.0, "phase", "measured",
        "ops_per_s", 10.0, "server", Map.of("Calls-GET", 30, "Calls-SET", 10, "Calls-INFO", 2, "KeyspaceMisses", 4,
            "EvictedKeys", 0)));
    assertEquals(Map.of("server commands", 20.0, "keyspace misses", 2.0, "evictions", 0.0), r.serverRates(),
        "INFO is the binding's own probe, not the load");
  }

  @Test
  void everyPhaseWithATimelineGetsAChartLinkedFromTheSummaryAndItsSearchStep() throws Exception {
    Path raw = Files.createDirectories(dir.resolve("raw/disk"));
    Files.writeString(raw.resolve("02-s01-50-hit-set-get-1-1" + TimelineFile.SUFFIX), EMBEDDED);
    Files.writeString(raw.resolve("01-50-hit-load" + TimelineFile.SUFFIX), "");
    PhaseResult step = result("set:get 1:1 @unthrottled", List.of("raw/disk/02-s01-50-hit-set-get-1-1.txt",
        "raw/disk/02-s01-50-hit-set-get-1-1" + TimelineFile.SUFFIX));
    PhaseResult load = result("load", List.of("raw/disk/01-50-hit-load.txt", "raw/disk/01-50-hit-load"
        + TimelineFile.SUFFIX));
    PhaseResult none = result("uniform-read", List.of("raw/disk/03-50-hit-uniform-read.txt"));
    Summary s = new Summary("flash-hit", "d", "hit target", TableLayout.PHASE_ROWS, "2026-11-26T10:00:00Z",
        List.of(new Summary.Target("disk", "tiered")), "complete", List.of(load, step, none), List.of());

    ChartFiles files = TimelineCharts.write(s, dir);
    assertEquals(List.of("charts/timeline-disk-02-s01-50-hit-set-get-1-1.png",
        "charts/timeline-disk-02-s01-50-hit-set-get-1-1.svg"), files.written(), "an empty timeline has no chart");
    assertEquals(List.of(), files.skipped());
    assertTrue(Files.size(dir.resolve(files.written().get(0))) > 10_000);
    var chart = TimelineChart.of("t", TimelineFile.read(raw.resolve("02-s01-50-hit-set-get-1-1" + TimelineFile.SUFFIX)));
    assertEquals(List.of("client throughput (/s)", "persistent reads (/s)", "p99 READ (µs)"),
        List.copyOf(chart.getSeriesMap().keySet()), "writes are zero throughout: not drawn");
    assertEquals(1, chart.getSeriesMap().get("p99 READ (µs)").getYAxisGroup(), "latency on its own axis");

    Set<String> written = new HashSet<>(files.written());
    assertEquals("charts/timeline-disk-02-s01-50-hit-set-get-1-1.png",
        TimelineCharts.chartOf("raw/disk/02-s01-50-hit-set-get-1-1.txt", written));
    assertNull(TimelineCharts.chartOf("raw/disk/01-50-hit-load.txt", written));
    String md = TimelineCharts.section(s, written).markdown();
    assertTrue(md.startsWith("## Timelines\n"), md);
    assertTrue(md.contains("| disk | 50% hit | set:get 1:1 @unthrottled | [timeline-disk-02-s01-50-hit-set-get-1-1.png]"
        + "(charts/timeline-disk-02-s01-50-hit-set-get-1-1.png) |"), md);
    assertEquals(1, md.lines().filter(l -> l.startsWith("| disk")).count(), md);
    assertFalse(TimelineCharts.section(s, written).onPage(), "the page shows each timeline beside its row");
  }

  private static PhaseResult result(String phase, List<String> files) {
    return new PhaseResult("disk", "50% hit", phase, 1000, 1000.0, 10.0, 20.0, 10.0, 20.0, null, null, null, null,
        1000, null, Map.of(), files);
  }
}
