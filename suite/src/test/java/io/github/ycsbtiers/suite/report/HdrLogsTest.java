package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Interval histograms of different ranges add up to the same counts and percentiles as one histogram of every value. */
class HdrLogsTest {
  @Test
  void intervalsOfDifferentRangesAddUpExactly() {
    Histogram all = new Histogram(3);
    Histogram total = new Histogram(3);
    long[][] intervals = {{1, 5, 9, 900}, {3_600_000, 12, 7}, {2, 250_000_000L, 40}};
    for (long[] values : intervals) {
      // as bin/ycsb's interval logs: each its own range, one far wider than the others
      Histogram interval = new Histogram(values[1] > 1_000_000 ? 3_600_000_000L : 2, 3);
      interval.setAutoResize(true);
      for (long v : values) {
        interval.recordValueWithCount(v, 3);
        all.recordValueWithCount(v, 3);
      }
      HdrLogs.addTo(total, interval);
    }
    assertEquals(all.getTotalCount(), total.getTotalCount());
    for (double p : new double[] {0, 50, 90, 99, 99.9, 100}) {
      assertEquals(all.getValueAtPercentile(p), total.getValueAtPercentile(p), "p" + p);
    }
    assertEquals(all.getMaxValue(), total.getMaxValue());
  }
}
