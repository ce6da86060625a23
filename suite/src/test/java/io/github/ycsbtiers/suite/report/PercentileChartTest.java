package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class PercentileChartTest {
  @TempDir
  Path dir;

  @Test
  void everyWholeNumberOfNinesHasItsOwnLabelAndEverythingElseTheSameBlank() {
    assertEquals("0%", PercentileChart.label(0));
    assertEquals("90%", PercentileChart.label(1));
    assertEquals("99%", PercentileChart.label(2));
    assertEquals("99.9%", PercentileChart.label(3));
    assertEquals("99.99999%", PercentileChart.label(7));
    assertEquals("99.9999999%", PercentileChart.label(9));
    assertEquals("99.99999999%", PercentileChart.label(10));
    assertEquals("99.99%", PercentileChart.label(4.0000000001));
    Set<String> labels = new HashSet<>();
    for (int n = 0; n <= 2 * PercentileChart.SPELLED_OUT; n++) {
      String label = PercentileChart.label(n);
      assertTrue(!label.isBlank() && labels.add(label), n + " nines: " + label);
    }
    for (double other : new double[] {1.5, 0.05, 6.95, -1, -0.05, Double.NaN, Double.NEGATIVE_INFINITY}) {
      assertEquals(" ", PercentileChart.label(other), String.valueOf(other));
    }
  }

  /**
   * The chart that looped in XChart's tick search on a flash-hit run (1,159,829 READs, nearly all
   * 0 us, in a 2 s phase of the embedded store): drawn, PNG and SVG, not skipped by the suite's
   * safety net, which the test outlasts so that a loop shows as the skip it is.
   */
  @Test
  @Timeout(120)
  void aPhaseWithMoreThanAMillionOperationsOfOneTypeIsCharted() throws Exception {
    Histogram read = new Histogram(3);
    read.recordValueWithCount(0, 1_100_000);
    read.recordValueWithCount(3, 55_000);
    read.recordValueWithCount(16, 4_700);
    read.recordValueWithCount(6323, 129);
    Histogram update = new Histogram(3);
    update.recordValueWithCount(8, 280_000);
    update.recordValueWithCount(25, 9_400);
    update.recordValueWithCount(8051, 6);
    Histogram cleanup = new Histogram(3);
    cleanup.recordValueWithCount(5223, 2);
    PhaseResult phase = phase("85% hit", "set:get 1:4", "08-s01-85-hit-set-get-1-4-unthrottled",
        Map.of("READ", read, "UPDATE", update, "Intended-READ", read, "Intended-UPDATE", update, "CLEANUP", cleanup,
            "Intended-CLEANUP", cleanup));
    ChartFiles charts = Charts.write(summary(List.of(phase)), dir);
    assertEquals(List.of(), charts.skipped(), "a chart reached the suite's 60 s limit");
    List<String> files = charts.written();
    String name = "charts/percentiles-85-hit-set-get-1-4";
    assertTrue(files.containsAll(List.of(name + ".png", name + ".svg")), files.toString());
    byte[] png = Files.readAllBytes(dir.resolve(name + ".png"));
    assertTrue(png.length > 1000 && png[0] == (byte) 0x89 && png[1] == 'P', "a PNG of " + png.length + " bytes");
    assertTrue(Files.readString(dir.resolve(name + ".svg")).contains("<svg"));
  }

  /**
   * Counts from 1 to more than any run makes, each on either side of a power of ten and just short
   * of one (the x values then end 0.05 before the axis, which sends XChart down its other route).
   */
  @Test
  @Timeout(120)
  void everyOperationCountIsCharted() throws Exception {
    long[] counts = {1, 2, 9, 10, 11, 95, 99_999, 1_000_000, 1_000_001, 9_000_000, 10_000_001, 95_000_000,
        1_000_000_001L, 1_000_000_000_000L, 9_000_000_000_000_000_000L};
    List<PhaseResult> phases = new ArrayList<>();
    for (long count : counts) {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(0, count - count / 100);
      if (count / 100 > 0) {
        h.recordValueWithCount(1_000, count / 100);
      }
      phases.add(phase("g", "n" + count, "n" + count, Map.of("READ", h)));
    }
    List<String> files = Charts.write(summary(phases), dir).written();
    for (long count : counts) {
      String name = "charts/percentiles-g-n" + count;
      assertTrue(files.containsAll(List.of(name + ".png", name + ".svg")), count + " operations: " + files);
      assertTrue(Files.size(dir.resolve(name + ".png")) > 1000, count + " operations");
    }
  }

  private PhaseResult phase(String group, String phaseName, String base, Map<String, Histogram> logs)
      throws Exception {
    Path raw = Files.createDirectories(dir.resolve("raw/pmem"));
    List<String> files = new ArrayList<>(HdrLogFiles.write(raw, base, logs, "raw/pmem/"));
    Files.writeString(raw.resolve(base + ".txt"), "[OVERALL], RunTime(ms), 2007\n");
    files.add("raw/pmem/" + base + ".txt");
    return new PhaseResult("pmem", group, phaseName, 1, 1, null, null, null, null, null, null, null, null, 2007, null,
        Map.of(), files);
  }

  private static Summary summary(List<PhaseResult> phases) {
    return new Summary("flash-hit", "synthetic", "hit target", TableLayout.PHASE_ROWS, "2026-11-23T21:30:07Z",
        List.of(new Summary.Target("pmem", "tiered, tiered.medium=pmem")), "complete", phases, List.of());
  }
}
