package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import site.ycsb.Utils;

/**
 * Zipfian popularity scattered over {@code [min, max]}: YCSB core's
 * {@code ScrambledZipfianGenerator} (the {@code zipfian} request distribution), the same
 * computation: a zipfian rank over 10^10 items with core 0.17.0's precomputed zeta, hashed by core's
 * 64-bit FNV-1a ({@code Utils.fnvhash64}) and reduced modulo the item count. So a rank maps to the
 * same key number as in upstream YCSB, and the most popular keys are the same ones.
 */
public final class SeededScrambledZipfianGenerator implements SeededLongGenerator {
  /** Core's {@code ScrambledZipfianGenerator.ITEM_COUNT} and {@code ZETAN} (for theta 0.99) in YCSB 0.17.0. */
  static final long ITEM_COUNT = 10_000_000_000L;
  static final double ZETAN = 26.46902820178302;

  private final SeededZipfianGenerator ranks;
  private final long min;
  private final long itemCount;

  public SeededScrambledZipfianGenerator(long min, long max) {
    if (max < min || max - min == Long.MAX_VALUE || max - min < 0) {
      throw new IllegalArgumentException("invalid range [" + min + ", " + max + "]");
    }
    this.min = min;
    this.itemCount = max - min + 1;
    // as core: ranks 0 to ITEM_COUNT inclusive
    this.ranks = new SeededZipfianGenerator(0, ITEM_COUNT, SeededZipfianGenerator.ZIPFIAN_CONSTANT, ZETAN);
  }

  @Override
  public long next(WorkloadRandom random) {
    // fnvhash64 may return Long.MIN_VALUE (Math.abs of it), as in core: the caller redraws negatives
    return min + Utils.fnvhash64(ranks.next(random)) % itemCount;
  }

  /** The key number that the most popular rank (0) maps to. */
  public long mostPopular() {
    return min + Utils.fnvhash64(0) % itemCount;
  }

  /** The share of draws that go to rank 0, as core's zipfian gives it: {@code 1 / ZETAN}. */
  public double topShare() {
    return ranks.topShare();
  }
}
