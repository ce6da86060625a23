package io.github.ycsbtiers.runner.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** Merged percentiles are those of one histogram of every client's values, never an average of percentiles. */
class MergedPercentilesTest {
  @TempDir
  Path tmp;

  @Test
  void mergedPercentilesEqualThoseOfOneHistogramOfAllValues() throws Exception {
    long[] fast = new long[10_000];
    for (int i = 0; i < fast.length; i++) {
      fast[i] = 100 + i % 400;                       // 100-499 us
    }
    long[] slow = new long[2_000];
    for (int i = 0; i < slow.length; i++) {
      slow[i] = 20_000 + 7L * i;                     // 20-34 ms: the tail lives here
    }
    long[] mixed = new long[5_000];
    Random random = new Random(12345);
    for (int i = 0; i < mixed.length; i++) {
      mixed[i] = 1 + (long) (-Math.log(1 - random.nextDouble()) * 3_000); // exponential, mean 3 ms
    }
    List<Path> dirs = List.of(
        SyntheticClient.write(tmp.resolve("c0"), 0, 3, 1_700_000_000_000L, fast),
        SyntheticClient.write(tmp.resolve("c1"), 1, 3, 1_700_000_000_500L, slow),
        SyntheticClient.write(tmp.resolve("c2"), 2, 3, 1_700_000_005_000L, mixed));
    Histogram one = new Histogram(3);
    for (long[] values : List.of(fast, slow, mixed)) {
      for (long v : values) {
        one.recordValue(v);
      }
    }

    MergedReport merged = MergedReport.of(dirs);
    Histogram h = merged.histogram("READ");
    assertEquals(one, h, "the merged histogram holds exactly the values of all clients");
    for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99, 100}) {
      assertEquals(one.getValueAtPercentile(p), h.getValueAtPercentile(p), "p" + p);
    }
    // an average of the clients' p99s would be far from the merged one: the test can tell them apart
    double averaged = (percentile(fast, 99) + percentile(slow, 99) + percentile(mixed, 99)) / 3.0;
    assertTrue(Math.abs(averaged - h.getValueAtPercentile(99)) > 1000, "averaged " + averaged);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TextMeasurementsExporter text = new TextMeasurementsExporter(out)) {
      merged.write(text);
    }
    String report = out.toString(StandardCharsets.UTF_8);
    assertTrue(report.contains("[READ], Operations, 17000\n"), report);
    assertTrue(report.contains("[READ], 99thPercentileLatency(us), " + one.getValueAtPercentile(99) + "\n"), report);
    assertTrue(report.contains("[READ], 99.9PercentileLatency(us), " + one.getValueAtPercentile(99.9) + "\n"), report);
    assertTrue(report.contains("[READ], MaxLatency(us), " + one.getMaxValue() + "\n"), report);
    assertTrue(report.contains("[READ], MinLatency(us), " + one.getMinValue() + "\n"), report);
    assertTrue(report.contains("[READ], AverageLatency(us), " + one.getMean() + "\n"), report);
    assertTrue(report.contains("[READ], Return=OK, 16997\n"), report);
    assertTrue(report.contains("[READ], Return=NOT_FOUND, 3\n"), report);
    // windows [0, 2000], [500, 2500] and [5000, 7000] ms: a union of 4500 ms, the 2.5 s gap not counted
    assertEquals(4500, merged.unionMillis());
    assertTrue(report.contains("[OVERALL], RunTime(ms), 4500\n"), report);
    assertTrue(report.contains("[OVERALL], Throughput(ops/sec), " + (1000.0 * 17000 / 4500) + "\n"), report);
    // as one client counts it: operations less every return code other than OK (3 NOT_FOUND here)
    assertTrue(report.contains("[OVERALL], Throughput(ok ops/sec), " + (1000.0 * 16997 / 4500) + "\n"), report);
    assertTrue(report.contains("[TOTAL_GCs], Count, 3\n"), report);
  }

  private static long percentile(long[] values, double p) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h.getValueAtPercentile(p);
  }

  @Test
  void overlappingAndDisjointWindows() {
    assertEquals(10, TimeWindows.unionMillis(List.of(new long[] {0, 10}, new long[] {2, 5})));
    assertEquals(20, TimeWindows.unionMillis(List.of(new long[] {10, 20}, new long[] {0, 10})));
    assertEquals(15, TimeWindows.unionMillis(List.of(new long[] {0, 10}, new long[] {20, 25})));
  }

  @Test
  void percentileNamesAreCoresOrdinals() {
    assertEquals("95th", Percentiles.ordinal(95));
    assertEquals("99.9", Percentiles.ordinal(99.9));
    assertEquals("51st", Percentiles.ordinal(51));
    assertEquals("12th", Percentiles.ordinal(12));
  }
}
