package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * The {@code gaussian} request distribution (memtier_benchmark's {@code --key-pattern=G}): key
 * numbers drawn from a normal distribution of the given mean and standard deviation, rounded to
 * the nearest key, and redrawn while outside the range, so the result is the normal distribution
 * truncated to the range. 64-bit: the mean is a key number and only the offset from it goes
 * through a double, so keys near 2^63 keep their unit resolution as long as the deviation is below
 * 2^53. Thread-safe; stateless after construction.
 */
public final class GaussianLongGenerator implements SeededLongGenerator {
  private final long lowerBound;
  private final long upperBound;
  private final long mean;
  private final double stddev;

  /**
   * @param lowerBound the first key number (inclusive)
   * @param upperBound the last key number (inclusive)
   * @param mean the centre, a key number within the range
   * @param stddev the standard deviation in key numbers, above 0
   */
  public GaussianLongGenerator(long lowerBound, long upperBound, long mean, double stddev) {
    if (upperBound < lowerBound) {
      throw new IllegalArgumentException("invalid range [" + lowerBound + ", " + upperBound + "]");
    }
    if (mean < lowerBound || mean > upperBound) {
      throw new IllegalArgumentException("mean " + mean + " outside [" + lowerBound + ", " + upperBound + "]");
    }
    if (!(stddev > 0) || Double.isInfinite(stddev)) {
      throw new IllegalArgumentException("standard deviation must be a finite number above 0: " + stddev);
    }
    this.lowerBound = lowerBound;
    this.upperBound = upperBound;
    this.mean = mean;
    this.stddev = stddev;
  }

  @Override
  public long next(WorkloadRandom random) {
    while (true) {
      double offset = Math.rint(random.nextGaussian() * stddev);
      // compare in doubles first: an offset beyond the range must not overflow the long addition
      if (offset < (double) lowerBound - mean - 1 || offset > (double) upperBound - mean + 1) {
        continue;
      }
      long key = mean + (long) offset;
      if (key >= lowerBound && key <= upperBound) {
        return key;
      }
    }
  }

  /** The centre, a key number. */
  public long centre() {
    return mean;
  }

  /** The standard deviation in key numbers (before truncation to the range). */
  public double stddev() {
    return stddev;
  }

  /** The mean of the untruncated distribution; truncation moves it when the mean is off-centre. */
  public double mean() {
    return mean;
  }
}
