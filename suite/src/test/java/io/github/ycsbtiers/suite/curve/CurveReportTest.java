package io.github.ycsbtiers.suite.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The curve report's three formats against golden samples ({@code golden/curve.md}, {@code .csv},
 * {@code .json}), all from one sample run: pmem and disk on one phase (made-up figures in the shape of
 * the embedded store at 1:4: both knees at 90%, disk's a hundred times its baseline), unknown figures shown
 * as such.
 */
class CurveReportTest {
  static CurveStep step(double f, double offered, double achieved, double[] intended, double[] measured, Double late,
      Double cores, Double cpu, String report) {
    return new CurveStep(f, offered, achieved, new Latencies(intended[0], intended[1], intended[2], intended[3]),
        new Latencies(measured[0], measured[1], measured[2], measured[3]), late, cores, cpu, report);
  }

  static List<Curve> sample() {
    String p = "raw/pmem/03-c0";
    String d = "raw/disk/07-c0";
    Curve pmem = new Curve("pmem", "1:4", "uniform-read", 2, List.of(
        step(0, 0, 8_400.5, new double[] {180, 610, 1_900, 4_100}, new double[] {180, 610, 1_900, 4_100}, null, 0.97,
            88.2, p + "0-1-4-uniform-read-unthrottled.txt"),
        step(0.5, 4_200, 4_199.8, new double[] {150, 420, 1_300, 2_900}, new double[] {140, 390, 1_100, 2_500}, 40.0,
            0.61, 101.4, p + "1-1-4-uniform-read-4200-s.txt"),
        step(0.9, 7_560, 7_402.1, new double[] {210, 1_250, 6_800, 9_900}, new double[] {170, 640, 2_000, 4_000}, 610.0,
            0.92, 90.5, p + "2-1-4-uniform-read-7560-s.txt")), null);
    Curve disk = new Curve("disk", "1:4", "uniform-read", 2, List.of(
        step(0, 0, 2_100, new double[] {900, 3_800, 9_000, 15_000}, new double[] {900, 3_800, 9_000, 15_000}, null, null,
            null, d + "0-1-4-uniform-read-unthrottled.txt"),
        step(0.5, 1_050, 1_049.2, new double[] {700, 2_600, 8_000, 12_000}, new double[] {650, 2_300, 7_000, 11_000}, 35.0,
            0.3, 140.0, d + "1-1-4-uniform-read-1050-s.txt"),
        step(0.9, 1_890, 1_650, new double[] {60_000, 250_000, 300_000, -1}, new double[] {800, 4_000, 10_000, -1},
            240_000.0, 0.45, 150.0, d + "2-1-4-uniform-read-1890-s.txt")), null);
    return List.of(pmem, disk);
  }

  static Map<String, String> timelines() {
    return Map.of("raw/pmem/03-c01-1-4-uniform-read-4200-s.txt", "charts/timeline-pmem-03-c01-1-4-uniform-read-4200-s.png");
  }

  @Test
  void markdownMatchesTheGoldenSample() throws IOException {
    assertEquals(golden("curve.md"), CurveReport.markdown(sample(), Map.of()));
  }

  /** Kept out of the golden sample, whose links the docs check would follow to charts that do not exist. */
  @Test
  void aStepLinksItsTimeline() {
    String md = CurveReport.markdown(sample(), timelines());
    assertTrue(md.contains("| raw/pmem/03-c01-1-4-uniform-read-4200-s.txt ([timeline]"
        + "(charts/timeline-pmem-03-c01-1-4-uniform-read-4200-s.png)) |"), md);
    assertEquals(1, md.split("\\[timeline\\]", -1).length - 1, md);
  }

  @Test
  void csvMatchesTheGoldenSample() throws IOException {
    assertEquals(golden("curve.csv"), CurveReport.csv(sample()));
  }

  @Test
  void jsonMatchesTheGoldenSample() throws IOException {
    assertEquals(golden("curve.json"), CurveReport.json(sample()));
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = CurveReportTest.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IOException("no golden sample " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
