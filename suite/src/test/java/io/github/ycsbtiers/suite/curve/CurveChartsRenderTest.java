package io.github.ycsbtiers.suite.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every curve chart of a run renders: one per phase, PNG and SVG, none skipped, none empty. The
 * curves are a run's shape (two targets, two phases) plus the shapes a chart must survive: a curve
 * with only its saturation run, steps with no latency at all, NaN and infinite figures, one target
 * alone.
 */
class CurveChartsRenderTest {
  @TempDir
  Path dir;

  @Test
  @Timeout(300)
  void everyPhaseGetsANonEmptyChart() throws Exception {
    List<Curve> curves = new ArrayList<>();
    curves.add(new Curve("pmem", "1:4", "uniform-read", 2, KneeTest.curve(new double[] {0.1, 0.5, 0.9, 1.0},
        new double[] {310, 350, 720, 4_100}), null));
    curves.add(new Curve("disk", "1:4", "uniform-read", 2, KneeTest.curve(new double[] {0.1, 0.5, 0.9, 1.0},
        new double[] {900, 2_400, 31_000, 250_000}), null));
    curves.add(new Curve("pmem", "1:4", "zipfian-read", 2, List.of(KneeTest.step(0, 0, 12_000, 800)), null));
    curves.add(new Curve("disk", "1:4", "zipfian-read", 2, KneeTest.curve(new double[] {0.5}, new double[] {-1}),
        null));
    Latencies odd = new Latencies(Double.NaN, Double.POSITIVE_INFINITY, 0, -1);
    curves.add(new Curve("pmem", "7:1", "uniform-update5050", 2, List.of(
        new CurveStep(0, 0, Double.NaN, odd, odd, null, null, null, "r"),
        new CurveStep(0.5, 100, Double.POSITIVE_INFINITY, odd, odd, Double.NaN, null, null, "r"),
        new CurveStep(1, 200, 0, Latencies.NONE, Latencies.NONE, null, null, null, "r")), null));
    var files = CurveReport.write(curves, dir);
    assertEquals(List.of(), files.skipped());
    List<String> phases = List.of("curve-1-4-uniform-read", "curve-1-4-zipfian-read", "curve-7-1-uniform-update5050");
    for (String p : phases) {
      for (String ext : List.of(".png", ".svg")) {
        Path f = dir.resolve("charts").resolve(p + ext);
        assertTrue(Files.isRegularFile(f) && Files.size(f) > 500, f + " missing or empty");
        assertTrue(files.written().contains("charts/" + p + ext), files.written().toString());
      }
    }
    try (var s = Files.list(dir.resolve("charts"))) {
      assertEquals(2 * phases.size(), s.count(), "one chart per phase, PNG and SVG");
    }
    List<String> csv = Files.readAllLines(dir.resolve("curve.csv"));
    assertEquals(CurveReport.CSV_HEADER, csv.get(0));
    assertEquals(1 + 5 + 5 + 1 + 2 + 3, csv.size());
    assertTrue(Files.readString(dir.resolve("curve.json")).contains("\"knee\": \"90%\""));
  }
}
