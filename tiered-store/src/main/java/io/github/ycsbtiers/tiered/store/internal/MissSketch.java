package io.github.ycsbtiers.tiered.store.internal;

/**
 * How often keys the DRAM tier does not hold were read lately: a count-min sketch (four rows of
 * saturating counters, an estimate is the smallest of a key's four) that halves every counter after
 * {@code SAMPLE_FACTOR} x its width of increments, so old popularity fades. Only misses count here:
 * a key's hits are counted on its DRAM entry, which keeps the hit path free of hashing and shared
 * writes. Not thread-safe: the DRAM tier calls it under its lock.
 */
final class MissSketch {
  /**
   * Counts saturate here. With 15 (TinyLFU's 4 bits) the keys of a flat hot band all reached the
   * cap within a sample and could not be ranked: flash-hit's 50% Gaussian held 0.44 of reads in
   * the long run against 0.48 for exact counts; with 31, 0.48 ({@code DramPolicySimulation}).
   */
  static final int MAX_COUNT = 31;
  private static final int ROWS = 4;
  /** Increments per counter (of the width) after which every count halves. */
  private static final int SAMPLE_FACTOR = 5;
  private static final int MIN_WIDTH = 64;
  private static final int MAX_WIDTH = 1 << 26;
  private static final long[] SEEDS = {
      0x9E3779B97F4A7C15L, 0xC2B2AE3D27D4EB4FL, 0x165667B19E3779F9L, 0xD6E8FEB86659FD93L};

  private final byte[] counters;
  private final int width;
  private final int shift;
  private final long sampleSize;
  private long increments;

  /** A sketch for about {@code keys} distinct keys (the records the DRAM tier holds). */
  MissSketch(long keys) {
    long w = Long.highestOneBit(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, keys)) * 2 - 1);
    this.width = (int) w;
    this.shift = 64 - Integer.numberOfTrailingZeros(width);
    this.counters = new byte[ROWS * width];
    this.sampleSize = (long) SAMPLE_FACTOR * width;
  }

  int width() {
    return width;
  }

  /**
   * Counts one read of the key with hash {@code hash} and returns its estimate; {@code true} in
   * {@code halved[0]} when that increment ended a sample and every counter was halved.
   */
  int increment(int hash, boolean[] halved) {
    int estimate = MAX_COUNT;
    for (int row = 0; row < ROWS; row++) {
      int i = index(hash, row);
      if (counters[i] < MAX_COUNT) {
        counters[i]++;
      }
      estimate = Math.min(estimate, counters[i]);
    }
    halved[0] = ++increments >= sampleSize;
    if (halved[0]) {
      halve();
    }
    return estimate;
  }

  int estimate(int hash) {
    int estimate = MAX_COUNT;
    for (int row = 0; row < ROWS; row++) {
      estimate = Math.min(estimate, counters[index(hash, row)]);
    }
    return estimate;
  }

  private void halve() {
    increments = 0;
    for (int i = 0; i < counters.length; i++) {
      counters[i] >>= 1;
    }
  }

  /** Multiply-shift hashing with a seed per row: String hash codes are poorly spread in their low bits. */
  private int index(int hash, int row) {
    return row * width + (int) (((hash ^ (long) row << 32) * SEEDS[row]) >>> shift);
  }
}
