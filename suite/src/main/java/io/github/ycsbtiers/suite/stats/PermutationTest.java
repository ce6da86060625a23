package io.github.ycsbtiers.suite.stats;

import java.util.SplittableRandom;

/**
 * A two-sided two-sample permutation test of the difference of means. Under the hypothesis that
 * both samples come from one distribution, every split of the pooled values into groups of the two
 * samples' sizes is equally likely; the p-value is the share of splits whose difference of means is
 * at least as far from 0 as the observed one. It assumes only that the values are exchangeable
 * under that hypothesis (independent, or at least not ordered in a way that matters), not that they
 * are normal. Exact (every split enumerated) up to {@link #EXACT_LIMIT} splits, otherwise estimated
 * from {@link #RANDOM_SPLITS} random splits with a fixed seed, so that a report is reproducible.
 */
public final class PermutationTest {
  /** The most splits enumerated: C(20, 10) = 184,756 is the largest balanced case done exactly. */
  public static final long EXACT_LIMIT = 200_000;
  /** Random splits drawn above {@link #EXACT_LIMIT}; the p-value is then (hits + 1) / (splits + 1). */
  public static final int RANDOM_SPLITS = 20_000;
  private static final long SEED = 0x5eed_38L;

  private PermutationTest() {
  }

  /**
   * The outcome.
   *
   * @param difference mean of {@code b} minus mean of {@code a}
   * @param p the two-sided p-value
   * @param splits how many splits there are, C(m + n, m)
   * @param exact whether every split was counted
   * @param smallestP the smallest p-value these sample sizes can give: 2 / splits for samples of
   *     equal size (a split and its mirror image are equally extreme), 1 / splits otherwise; at or
   *     above the level no data can make the test significant
   */
  public record Result(double difference, double p, double splits, boolean exact, double smallestP) {
  }

  /** Tests {@code a} (old) against {@code b} (new); each needs at least one value. */
  public static Result test(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("samples of " + a.length + " and " + b.length + " values: at least 1 each");
    }
    int m = a.length;
    int n = b.length;
    double[] pooled = new double[m + n];
    System.arraycopy(a, 0, pooled, 0, m);
    System.arraycopy(b, 0, pooled, m, n);
    double total = 0;
    double scale = 0;
    for (double v : pooled) {
      total += v;
      scale += Math.abs(v);
    }
    double sumA = 0;
    for (double v : a) {
      sumA += v;
    }
    double observed = Math.abs(difference(sumA, total, m, n));
    // differences equal to the observed one up to rounding count as at least as extreme
    double threshold = observed - 1e-9 * Math.max(scale / (m + n), Double.MIN_NORMAL);
    double splits = choose(m + n, m);
    double smallest = (m == n ? 2 : 1) / splits;
    double diff = difference(sumA, total, m, n);
    if (splits <= EXACT_LIMIT) {
      long hits = countExtreme(pooled, 0, m, 0, 0, total, n, threshold);
      return new Result(-diff, Math.min(1, hits / splits), splits, true, smallest);
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[] shuffled = pooled.clone();
    long hits = 0;
    for (int s = 0; s < RANDOM_SPLITS; s++) {
      double sum = 0;
      // a partial Fisher-Yates shuffle: the first m places are a uniformly random group of m
      for (int i = 0; i < m; i++) {
        int j = i + random.nextInt(shuffled.length - i);
        double t = shuffled[i];
        shuffled[i] = shuffled[j];
        shuffled[j] = t;
        sum += shuffled[i];
      }
      if (Math.abs(difference(sum, total, m, n)) >= threshold) {
        hits++;
      }
    }
    return new Result(-diff, (hits + 1.0) / (RANDOM_SPLITS + 1.0), splits, false, smallest);
  }

  /** mean(a) - mean(b) when a's values sum to {@code sumA}. */
  private static double difference(double sumA, double total, int m, int n) {
    return sumA / m - (total - sumA) / n;
  }

  /** Splits of {@code pooled[from..]} that complete a group of m (so far {@code taken}, summing {@code sum}). */
  private static long countExtreme(double[] pooled, int from, int m, int taken, double sum, double total, int n,
      double threshold) {
    if (taken == m) {
      return Math.abs(difference(sum, total, m, n)) >= threshold ? 1 : 0;
    }
    long hits = 0;
    for (int i = from; i <= pooled.length - (m - taken); i++) {
      hits += countExtreme(pooled, i + 1, m, taken + 1, sum + pooled[i], total, n, threshold);
    }
    return hits;
  }

  /** C(n, k) as a double (exact while it is below 2^53). */
  static double choose(int n, int k) {
    double c = 1;
    for (int i = 1; i <= k; i++) {
      c = c * (n - k + i) / i;
    }
    return Math.rint(c);
  }
}
