package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/** Uniform over {@code [lowerBound, upperBound]}, as YCSB core's {@code UniformLongGenerator}. */
public final class SeededUniformGenerator implements SeededLongGenerator {
  private final long lowerBound;
  private final long interval;

  /** @throws IllegalArgumentException for an empty range or one of more than 2^63-1 numbers */
  public SeededUniformGenerator(long lowerBound, long upperBound) {
    if (upperBound < lowerBound || upperBound - lowerBound == Long.MAX_VALUE || upperBound - lowerBound < 0) {
      throw new IllegalArgumentException("invalid range [" + lowerBound + ", " + upperBound + "]");
    }
    this.lowerBound = lowerBound;
    this.interval = upperBound - lowerBound + 1;
  }

  @Override
  public long next(WorkloadRandom random) {
    return lowerBound + random.nextLong(interval);
  }
}
