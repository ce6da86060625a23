package io.github.ycsbtiers.runner.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBucket;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.NativeHistogramBucket;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Where a latency lands in both bucket layouts, against the definitions Prometheus uses. */
class LatencyBucketsTest {
  @Test
  void classicBucketsEndAtQuarterPowersOfTwoAndHoldTheirUpperBound() {
    double[] bounds = LatencyBuckets.upperBoundsSeconds();
    assertEquals(1e-6, bounds[0]);
    assertEquals(Double.POSITIVE_INFINITY, bounds[bounds.length - 1]);
    for (int k = 1; k < bounds.length - 1; k++) {
      assertEquals(Math.pow(2, 0.25), bounds[k] / bounds[k - 1], 1e-12);
    }
    assertEquals(0, LatencyBuckets.classicIndex(0));
    assertEquals(0, LatencyBuckets.classicIndex(1));
    assertEquals(4, LatencyBuckets.classicIndex(2), "2 us is the upper bound of bucket 4 (le=2e-6)");
    assertEquals(7, LatencyBuckets.classicIndex(3), "2^(6/4) < 3 <= 2^(7/4)");
    // a p99 of 100 us and one of 10 ms each fall in a bucket less than a fifth of their value wide
    for (long us : new long[] {100, 10_000}) {
      int k = LatencyBuckets.classicIndex(us);
      double upper = bounds[k] * 1e6;
      double lower = bounds[k - 1] * 1e6;
      assertTrue(lower < us && us <= upper && (upper - lower) / us < 0.2, us + " in (" + lower + ", " + upper + "]");
    }
    assertEquals(bounds.length - 1, LatencyBuckets.classicIndex(Integer.MAX_VALUE), "past 67 s: +Inf");
  }

  @Test
  void nativeBucketsFollowSchemaThree() {
    // schema 3: bucket i holds (2^((i-1)/8), 2^(i/8)]
    assertEquals(0, LatencyBuckets.nativeIndex(1.0));
    assertEquals(8, LatencyBuckets.nativeIndex(2.0));
    assertEquals(9, LatencyBuckets.nativeIndex(2.0000001));
    assertEquals(-159, LatencyBuckets.nativeIndex(1e-6));
    for (double s = 1e-6; s < 100; s *= 1.37) {
      int i = LatencyBuckets.nativeIndex(s);
      assertTrue(Math.pow(2, (i - 1) / 8.0) < s && s <= Math.pow(2, i / 8.0), s + " in bucket " + i);
    }
  }

  @Test
  void aDataPointCountsEveryValueOnceInEachLayout() {
    Histogram h = new Histogram(1, Integer.MAX_VALUE, 3);
    h.recordValueWithCount(0, 3);
    h.recordValueWithCount(100, 50);
    h.recordValueWithCount(10_000, 7);
    HistogramDataPointSnapshot p = LatencyBuckets.dataPoint(h, Labels.of("operation", "READ"));
    long classic = 0;
    for (ClassicHistogramBucket b : p.getClassicBuckets()) {
      classic += b.getCount();
    }
    long nativeCount = p.getNativeZeroCount();
    for (NativeHistogramBucket b : p.getNativeBucketsForPositiveValues()) {
      nativeCount += b.getCount();
    }
    assertEquals(60, classic);
    assertEquals(60, nativeCount);
    assertEquals(3, p.getNativeZeroCount());
    assertEquals((50 * 100 + 7 * 10_000) / 1e6, p.getSum(), 1e-4);
  }
}
