package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * Zipfian over {@code [min, max]}, {@code min} the most popular: YCSB core's
 * {@code ZipfianGenerator} for a fixed item count, with the same algorithm (Gray et al., "Quickly
 * Generating Billion-Record Synthetic Databases", SIGMOD 1994) and the same constants, but
 * {@code zeta(n)} from {@link ZipfianZeta} in O(1) instead of a sum over every item (core's value
 * to within rounding), and every uniform number from the caller's stream.
 */
public final class SeededZipfianGenerator implements SeededLongGenerator {
  /** YCSB's zipfian constant. */
  public static final double ZIPFIAN_CONSTANT = 0.99;

  private final long base;
  private final long items;
  private final double zetan;
  private final double eta;
  private final double alpha;
  private final double halfPowTheta;

  /** With YCSB's constant 0.99. */
  public SeededZipfianGenerator(long min, long max) {
    this(min, max, ZIPFIAN_CONSTANT);
  }

  public SeededZipfianGenerator(long min, long max, double theta) {
    this(min, max, theta, new ZipfianZeta(theta).value(max - min + 1));
  }

  /**
   * @param zetan {@code zeta(max - min + 1, theta)}, precomputed (core's scrambled zipfian passes
   *     its constant for 10^10 items)
   */
  public SeededZipfianGenerator(long min, long max, double theta, double zetan) {
    if (max < min || max - min == Long.MAX_VALUE || max - min < 0) {
      throw new IllegalArgumentException("invalid range [" + min + ", " + max + "]");
    }
    if (!(theta > 0 && theta < 1)) {
      throw new IllegalArgumentException("zipfian constant must be > 0 and < 1: " + theta);
    }
    this.base = min;
    this.items = max - min + 1;
    this.zetan = zetan;
    double zeta2 = 1 + Math.pow(2, -theta);
    this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
    this.alpha = 1 / (1 - theta);
    this.halfPowTheta = Math.pow(0.5, theta);
  }

  @Override
  public long next(WorkloadRandom random) {
    double u = random.nextDouble();
    double uz = u * zetan;
    if (uz < 1.0) {
      return base;
    }
    if (uz < 1.0 + halfPowTheta) {
      return base + 1;
    }
    return base + (long) (items * Math.pow(eta * u - eta + 1, alpha));
  }

  /** The share of draws that return {@code min}, the most popular item: {@code 1 / zeta(n)}. */
  public double topShare() {
    return 1 / zetan;
  }
}
