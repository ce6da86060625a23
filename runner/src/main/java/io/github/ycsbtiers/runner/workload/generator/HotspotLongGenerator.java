package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * The {@code hotspot} request distribution: a fraction of the operations goes uniformly to a hot
 * set at the start of the range, the rest uniformly to the remainder. Same semantics as YCSB
 * core's {@code HotspotIntegerGenerator}, which casts the hot set's size to {@code int} and so
 * caps it at 2^31-1 keys (e.g. {@code hotspotdatafraction=0.5} of 5.12e9 records). Bounds are
 * checked here instead of being silently replaced by 0 as core does. Draws from the caller's stream;
 * stateless after construction.
 */
public final class HotspotLongGenerator implements SeededLongGenerator {
  private final long lowerBound;
  private final long hotInterval;
  private final long coldInterval;
  private final double hotOpnFraction;

  /**
   * @param lowerBound the first key number (inclusive)
   * @param upperBound the last key number (inclusive)
   * @param hotsetFraction the share of the range that is hot, from 0 to 1
   * @param hotOpnFraction the share of draws that go to the hot set, from 0 to 1
   */
  public HotspotLongGenerator(long lowerBound, long upperBound, double hotsetFraction, double hotOpnFraction) {
    if (upperBound < lowerBound || upperBound - lowerBound == Long.MAX_VALUE) {
      throw new IllegalArgumentException("invalid range [" + lowerBound + ", " + upperBound + "]");
    }
    if (!(hotsetFraction >= 0 && hotsetFraction <= 1) || !(hotOpnFraction >= 0 && hotOpnFraction <= 1)) {
      throw new IllegalArgumentException("hot fractions must be from 0 to 1: " + hotsetFraction + ", " + hotOpnFraction);
    }
    long interval = upperBound - lowerBound + 1;
    this.lowerBound = lowerBound;
    // the double product may round up past the range at 2^53 and above
    this.hotInterval = Math.min(interval, (long) (interval * hotsetFraction));
    this.coldInterval = interval - hotInterval;
    this.hotOpnFraction = hotOpnFraction;
  }

  @Override
  public long next(WorkloadRandom random) {
    boolean hot = coldInterval == 0 || (hotInterval > 0 && random.nextDouble() < hotOpnFraction);
    if (hot) {
      return lowerBound + random.nextLong(hotInterval);
    }
    return lowerBound + hotInterval + random.nextLong(coldInterval);
  }

  /** The number of keys in the hot set. */
  public long hotSetSize() {
    return hotInterval;
  }

  public double mean() {
    double hotMean = lowerBound + (hotInterval - 1) / 2.0;
    double coldMean = lowerBound + hotInterval + (coldInterval - 1) / 2.0;
    if (coldInterval == 0) {
      return hotMean;
    }
    if (hotInterval == 0) {
      return coldMean;
    }
    return hotOpnFraction * hotMean + (1 - hotOpnFraction) * coldMean;
  }
}
