package io.github.ycsbtiers.runner.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.NativeHistogramBuckets;
import java.util.Arrays;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency histogram of microseconds (HdrHistogram's) as a Prometheus histogram in seconds:
 * classic buckets a quarter of a power of two apart (each 19% wider than the one before, from
 * 1 us to about 67 s, so that a p99 of 100 us or of 10 ms falls in a bucket a fifth of its own
 * width) and a native histogram of schema {@value #NATIVE_SCHEMA} for scrapers that take the
 * protobuf format. Every recorded value is placed by HdrHistogram's highest equivalent value, as
 * the report's percentiles are, so the report's p99 lies in the bucket where Prometheus's
 * {@code histogram_quantile(0.99, ...)} does.
 */
final class LatencyBuckets {
  static final int NATIVE_SCHEMA = 3;
  private static final int STEPS_PER_DOUBLING = 4;
  private static final int DOUBLINGS = 26;
  /** Upper bounds in microseconds; the last bucket, +Inf, is implicit. */
  private static final double[] BOUNDS_US = new double[STEPS_PER_DOUBLING * DOUBLINGS + 1];
  private static final double[] BOUNDS_S = new double[BOUNDS_US.length + 1];

  static {
    for (int k = 0; k < BOUNDS_US.length; k++) {
      BOUNDS_US[k] = Math.pow(2, k / (double) STEPS_PER_DOUBLING);
      BOUNDS_S[k] = BOUNDS_US[k] / 1e6;
    }
    BOUNDS_S[BOUNDS_US.length] = Double.POSITIVE_INFINITY;
  }

  private LatencyBuckets() {
  }

  /** The classic bucket bounds in seconds, +Inf last. */
  static double[] upperBoundsSeconds() {
    return BOUNDS_S.clone();
  }

  /** One data point: {@code micros}'s counts in both bucket layouts, its sum, under {@code labels}. */
  static HistogramDataPointSnapshot dataPoint(Histogram micros, Labels labels) {
    long[] classic = new long[BOUNDS_S.length];
    TreeMap<Integer, Long> nativeCounts = new TreeMap<>();
    long zeros = 0;
    for (HistogramIterationValue v : micros.recordedValues()) {
      long value = v.getValueIteratedTo();
      long n = v.getCountAtValueIteratedTo();
      classic[classicIndex(value)] += n;
      if (value == 0) {
        zeros += n;
      } else {
        nativeCounts.merge(nativeIndex(value / 1e6), n, Long::sum);
      }
    }
    int[] indexes = new int[nativeCounts.size()];
    long[] counts = new long[nativeCounts.size()];
    int i = 0;
    for (var e : nativeCounts.entrySet()) {
      indexes[i] = e.getKey();
      counts[i++] = e.getValue();
    }
    return HistogramDataPointSnapshot.builder()
        .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS_S.clone(), classic))
        .nativeSchema(NATIVE_SCHEMA)
        .nativeZeroThreshold(0)
        .nativeZeroCount(zeros)
        .nativeBucketsForPositiveValues(NativeHistogramBuckets.of(indexes, counts))
        .sum(micros.getTotalCount() == 0 ? 0 : micros.getMean() * micros.getTotalCount() / 1e6)
        .labels(labels)
        .build();
  }

  /** The first classic bucket whose upper bound is at least {@code micros}. */
  static int classicIndex(long micros) {
    int k = Arrays.binarySearch(BOUNDS_US, micros);
    return k >= 0 ? k : -k - 1;
  }

  /** The native bucket of schema {@value #NATIVE_SCHEMA} holding {@code seconds} (> 0): (base^(i-1), base^i]. */
  static int nativeIndex(double seconds) {
    double scale = 1 << NATIVE_SCHEMA;
    int i = (int) Math.ceil(Math.log(seconds) / Math.log(2) * scale);
    // the logarithm may land a hair off an exact bound
    while (Math.pow(2, i / scale) < seconds) {
      i++;
    }
    while (Math.pow(2, (i - 1) / scale) >= seconds) {
      i--;
    }
    return i;
  }
}
