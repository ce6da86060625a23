package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * Exponential distances, YCSB core's {@code ExponentialGenerator}: {@code percentile} percent of
 * the draws fall below {@code range}; a draw is {@code -ln(u) / gamma}, truncated to a whole number
 * as core's caller does.
 */
public final class SeededExponentialGenerator implements SeededLongGenerator {
  private final double gamma;

  /**
   * @param percentile from 0 to 100 (exclusive): {@code exponential.percentile}
   * @param range {@code recordcount * exponential.frac}
   */
  public SeededExponentialGenerator(double percentile, double range) {
    this.gamma = -Math.log(1.0 - percentile / 100.0) / range;
  }

  @Override
  public long next(WorkloadRandom random) {
    return (long) (-Math.log(random.nextDouble()) / gamma);
  }

  public double mean() {
    return 1.0 / gamma;
  }
}
