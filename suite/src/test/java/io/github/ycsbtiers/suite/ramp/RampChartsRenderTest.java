package io.github.ycsbtiers.suite.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.search.Slo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every ramp chart of a run renders, one per phase, PNG and SVG, none skipped or empty; the CSV and JSON agree. */
class RampChartsRenderTest {
  @TempDir
  Path dir;

  @Test
  @Timeout(300)
  void everyPhaseGetsANonEmptyChart() throws Exception {
    RampOutcome pmem = RampTest.ramp(new Ramp(0.10, 256, null), new double[] {9_000, 17_500, 31_000, 42_000, 45_000,
        44_000}, null).outcome("pmem", "1:4", "uniform-read");
    RampOutcome disk = RampTest.ramp(new Ramp(0.10, 256, null), new double[] {2_000, 3_900, 4_000, 3_960}, null)
        .outcome("disk", "1:4", "uniform-read");
    RampOutcome one = RampTest.ramp(new Ramp(0.10, 256, Slo.parse("p99<1ms")), new double[] {0}, new double[] {-1})
        .outcome("pmem", "1:4", "zipfian-read");
    RampOutcome odd = RampTest.ramp(new Ramp(0.10, 4, null), new double[] {Double.NaN, Double.POSITIVE_INFINITY,
        Double.POSITIVE_INFINITY}, null)
        .outcome("pmem", "7:1", "uniform-update5050");
    var files = RampReport.write(List.of(pmem, disk, one, odd), dir);
    assertEquals(List.of(), files.skipped());
    for (String p : List.of("ramp-1-4-uniform-read", "ramp-1-4-zipfian-read", "ramp-7-1-uniform-update5050")) {
      for (String ext : List.of(".png", ".svg")) {
        Path f = dir.resolve("charts").resolve(p + ext);
        assertTrue(Files.isRegularFile(f) && Files.size(f) > 500, f + " missing or empty");
      }
    }
    try (var s = Files.list(dir.resolve("charts"))) {
      assertEquals(6, s.count());
    }
    List<String> csv = Files.readAllLines(dir.resolve("ramp.csv"));
    assertEquals(RampReport.CSV_HEADER, csv.get(0));
    assertEquals(1 + 6 + 4 + 1 + 3, csv.size());
    assertTrue(csv.contains("pmem,1:4,uniform-read,8,42000,0.354838709677,100,,true,,r3"), String.join("\n", csv));
    assertTrue(csv.contains("pmem,1:4,uniform-read,16,45000,0.0714285714286,100,,true,chosen,r4"),
        String.join("\n", csv));
    String json = Files.readString(dir.resolve("ramp.json"));
    assertTrue(json.contains("\"chosen\": 16"), json);
    String md = RampReport.markdown(List.of(pmem, disk), java.util.Map.of());
    assertTrue(md.contains("| pmem | 16 | 45,000 | +7.1% | 100 | - | yes | chosen | r4 |"), md);
    assertTrue(md.contains("- disk: 2 clients (4 clients gave +2.6% over 2 and 8 clients -1.0% over 4 (each less than"
        + " 10%); kept: the fewest clients within 5% of the best step's throughput: 2 clients, 2.5% below 4's 4,000"
        + " ops/s)"), md);
  }
}
