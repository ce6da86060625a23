package io.github.ycsbtiers.suite.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Batch means of per-second series, so that a test which assumes independent values can use them.
 * Consecutive seconds of one process are correlated (a compaction, a collector or a slow moment of
 * the machine lasts longer than a second), and a test that takes each second as an independent
 * value finds "significant" differences that are only such episodes. Each series (one process, a
 * round) is cut into batches of {@code L} consecutive seconds (a series' last, partial batch
 * dropped) and each batch replaced by its mean; {@code L} is the smallest of 1, 2, 4, 8, ... seconds
 * at which the lag-1 autocorrelation of the batch means, pooled over every series of both samples
 * (each series about its own mean), is at most {@link #MAX_AUTOCORRELATION}, while each sample keeps
 * at least {@link #MIN_BATCHES} batches. Batches never span two series. What it cannot remove: an
 * autocorrelation estimated from a few dozen seconds is rough, and a difference between the
 * processes (the whole run was slow) is a difference of all their batches alike.
 */
public final class BatchMeans {
  /** The largest lag-1 autocorrelation of batch means taken as independent. */
  public static final double MAX_AUTOCORRELATION = 0.2;
  /** The fewest batches per sample: with 4 and 4, an exact permutation test can reach p = 2/70. */
  public static final int MIN_BATCHES = 4;

  private BatchMeans() {
  }

  /**
   * The batches of two samples.
   *
   * @param seconds the batch length {@code L}; 0 when no length worked
   * @param a the first sample's batch means
   * @param b the second sample's
   * @param autocorrelation the pooled lag-1 autocorrelation of the batch means at {@code L} (of the
   *     last length tried, when none worked)
   * @param failure why there are no batches, or null
   */
  public record Batches(int seconds, double[] a, double[] b, double autocorrelation, String failure) {
  }

  /** Batches of the series of {@code a} and of {@code b}, each series one process's seconds in order. */
  public static Batches of(List<double[]> a, List<double[]> b) {
    double last = Double.NaN;
    for (int length = 1; ; length *= 2) {
      List<double[]> batchesA = batch(a, length);
      List<double[]> batchesB = batch(b, length);
      int countA = count(batchesA);
      int countB = count(batchesB);
      if (countA < MIN_BATCHES || countB < MIN_BATCHES) {
        String failure = length == 1
            ? String.format(java.util.Locale.ROOT, "%d and %d measured seconds: fewer than %d a side", countA, countB,
                MIN_BATCHES)
            : String.format(java.util.Locale.ROOT, "seconds correlated over %d s and more (lag-1 autocorrelation %.2f"
                + " of %d-second means): fewer than %d batches a side", length / 2, last, length / 2, MIN_BATCHES);
        return new Batches(0, new double[0], new double[0], last, failure);
      }
      List<double[]> all = new ArrayList<>(batchesA);
      all.addAll(batchesB);
      last = lag1(all);
      if (last <= MAX_AUTOCORRELATION) {
        return new Batches(length, flatten(batchesA), flatten(batchesB), last, null);
      }
    }
  }

  /** Each series' means of consecutive batches of {@code length} values. */
  static List<double[]> batch(List<double[]> series, int length) {
    List<double[]> out = new ArrayList<>();
    for (double[] s : series) {
      double[] means = new double[s.length / length];
      for (int i = 0; i < means.length; i++) {
        double sum = 0;
        for (int j = 0; j < length; j++) {
          sum += s[i * length + j];
        }
        means[i] = sum / length;
      }
      out.add(means);
    }
    return out;
  }

  /**
   * The lag-1 autocorrelation pooled over series, each about its own mean: the sum over series of
   * {@code (x[i] - m)(x[i+1] - m)} over the sum of {@code (x[i] - m)²}; 0 when every series is flat.
   */
  public static double lag1(List<double[]> series) {
    double products = 0;
    double squares = 0;
    for (double[] s : series) {
      if (s.length < 2) {
        continue;
      }
      double mean = 0;
      for (double v : s) {
        mean += v;
      }
      mean /= s.length;
      for (int i = 0; i < s.length; i++) {
        squares += (s[i] - mean) * (s[i] - mean);
        if (i + 1 < s.length) {
          products += (s[i] - mean) * (s[i + 1] - mean);
        }
      }
    }
    return squares == 0 ? 0 : products / squares;
  }

  private static int count(List<double[]> series) {
    return series.stream().mapToInt(s -> s.length).sum();
  }

  private static double[] flatten(List<double[]> series) {
    return series.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
  }
}
