package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.runner.workload.generator.GaussianLongGenerator;
import io.github.ycsbtiers.runner.workload.generator.HotspotLongGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededExponentialGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededLongGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededScrambledZipfianGenerator;
import io.github.ycsbtiers.runner.workload.generator.SeededUniformGenerator;
import io.github.ycsbtiers.runner.workload.generator.SkewedLatestLongGenerator;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.SequentialGenerator;

/**
 * Chooses the key number of each run-phase read, update, scan and read-modify-write by
 * {@code requestdistribution}, as upstream's {@code nextKeynum} does but in 64-bit arithmetic and
 * from the calling client's seeded stream: the exponential distribution counts back from the
 * newest acknowledged key, every other one redraws while above it. All generators start in O(1)
 * at any record count. {@code sequential} is upstream's one counter shared by all threads and
 * draws nothing. Thread-safe: each caller draws from its own client's stream.
 */
public final class KeyChooser {
  private final SeededLongGenerator generator;
  private final boolean countsBack;
  private final AcknowledgedCounterGenerator inserted;

  KeyChooser(CoreWorkloadOptions o, AcknowledgedCounterGenerator inserted) {
    this.inserted = inserted;
    this.countsBack = o.requestDistribution() == CoreWorkloadOptions.RequestDistribution.EXPONENTIAL;
    this.generator = generator(o, inserted);
  }

  /**
   * A chooser over the record range of {@code o} alone, for other workloads (the template
   * workload's keyspaces): no run-phase inserts move its newest key.
   */
  public static KeyChooser of(CoreWorkloadOptions o) {
    return new KeyChooser(o, new AcknowledgedCounterGenerator(o.recordCount()));
  }

  private static SeededLongGenerator generator(CoreWorkloadOptions o, AcknowledgedCounterGenerator inserted) {
    long first = o.insertStart();
    long last = o.lastInsertKey();
    switch (o.requestDistribution()) {
      case EXPONENTIAL:
        return new SeededExponentialGenerator(o.exponentialPercentile(), o.recordCount() * o.exponentialFrac());
      case SEQUENTIAL:
        SequentialGenerator sequence = new SequentialGenerator(first, last);
        return random -> sequence.nextValue().longValue();
      case ZIPFIAN:
        // As upstream: the key space includes the keys expected from run-phase inserts (twice
        // their share, a fudge factor), so that the popular keys do not move as records are added;
        // keys not inserted yet are redrawn. Core's scrambled zipfian uses a precomputed zeta.
        long expectedNewKeys = (long) (o.operationCount() * o.insertProportion() * 2.0);
        long max = last + 1 > Long.MAX_VALUE - 1 - expectedNewKeys ? Long.MAX_VALUE - 1 : last + 1 + expectedNewKeys;
        return new SeededScrambledZipfianGenerator(first, max);
      case LATEST:
        return new SkewedLatestLongGenerator(inserted);
      case GAUSSIAN:
        return new GaussianLongGenerator(first, last, o.gaussian().mean(), o.gaussian().stddev());
      case HOTSPOT:
        return new HotspotLongGenerator(first, last, o.hotspotDataFraction(), o.hotspotOpnFraction());
      default:
        return new SeededUniformGenerator(first, last);
    }
  }

  /** The next key number, never negative and never above the newest acknowledged key. */
  public long next(WorkloadRandom random) {
    long key;
    if (countsBack) {
      do {
        key = inserted.lastValue() - generator.next(random);
      } while (key < 0);
    } else {
      do {
        key = generator.next(random);
      } while (key < 0 || key > inserted.lastValue());
    }
    return key;
  }
}
