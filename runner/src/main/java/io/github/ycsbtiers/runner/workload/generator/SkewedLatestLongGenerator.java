package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import site.ycsb.generator.CounterGenerator;

/**
 * The {@code latest} request distribution: key numbers from 0 to the newest inserted key, zipfian
 * skewed toward the newest. Replaces YCSB core's {@code SkewedLatestGenerator}, whose zipfian
 * generator sums zeta over all items at start-up (about 56 s at 4e9 records) and again whenever
 * it grows.
 *
 * <p>A draw reads the newest key number from the basis counter, takes a zipfian rank {@code r} in
 * {@code [0, n)} over {@code n = newest + 1} items with the algorithm of Gray et al. ("Quickly
 * Generating Billion-Record Synthetic Databases", SIGMOD 1994, as in YCSB core) and returns
 * {@code newest - r}. The rank's normalisation {@code zeta(n)} and {@code eta} come from
 * {@link ZipfianZeta} in O(1), so start-up takes microseconds at any record count and a growing
 * key space costs O(1) per change. They are recomputed only when {@code n} changes and shared as
 * one immutable object in a volatile field: threads never lock, and two threads that see the same
 * new {@code n} at once merely compute the same values twice.
 *
 * <p>Unlike core, the ranks cover all {@code n} keys (core skips key 0) and {@code eta} follows the
 * current item count rather than the count at construction.
 */
public final class SkewedLatestLongGenerator implements SeededLongGenerator {
  private final CounterGenerator basis;
  private final ZipfianZeta zeta;
  private final double theta;
  private final double alpha;
  private final double zeta2;
  private final double halfPowTheta;
  private volatile Shape shape;

  /** Skewed with YCSB's zipfian constant 0.99. */
  public SkewedLatestLongGenerator(CounterGenerator basis) {
    this(basis, SeededZipfianGenerator.ZIPFIAN_CONSTANT);
  }

  /**
   * @param basis the counter whose {@code lastValue()} is the newest key number (in the core
   *     workload, the acknowledged counter of inserted keys)
   * @param theta the zipfian constant, strictly between 0 and 1
   */
  public SkewedLatestLongGenerator(CounterGenerator basis, double theta) {
    if (!(theta > 0 && theta < 1)) {
      throw new IllegalArgumentException("zipfian constant must be > 0 and < 1: " + theta);
    }
    this.basis = basis;
    this.zeta = new ZipfianZeta(theta);
    this.theta = theta;
    this.alpha = 1 / (1 - theta);
    this.zeta2 = zeta.value(2);
    this.halfPowTheta = Math.pow(0.5, theta);
    this.shape = shapeFor(Math.max(1, basis.lastValue() + 1));
  }

  /**
   * The next key number, in {@code [0, newest]}: the rank from the caller's stream, the newest key
   * from the shared counter (so it depends on other threads' inserts).
   */
  @Override
  public long next(WorkloadRandom random) {
    long newest = basis.lastValue();
    if (newest < 0) {
      return 0;
    }
    long items = newest + 1;
    Shape s = shape;
    if (s.items != items) {
      s = shapeFor(items);
      shape = s;
    }
    return newest - rank(s, random.nextDouble());
  }

  /** The zeta value this generator uses for {@code items} items (for tests and diagnostics). */
  public double zeta(long items) {
    return zeta.value(items);
  }

  private long rank(Shape s, double u) {
    double uz = u * s.zetan;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < 1.0 + halfPowTheta) {
      return 1;
    }
    long r = (long) (s.items * Math.pow(s.eta * u - s.eta + 1, alpha));
    return Math.min(Math.max(r, 0), s.items - 1);
  }

  private Shape shapeFor(long items) {
    double zetan = zeta.value(items);
    double eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
    return new Shape(items, zetan, eta);
  }

  /** The per-item-count constants of the distribution, immutable so that threads can share them. */
  private static final class Shape {
    final long items;
    final double zetan;
    final double eta;

    Shape(long items, double zetan, double eta) {
      this.items = items;
      this.zetan = zetan;
      this.eta = eta;
    }
  }
}
