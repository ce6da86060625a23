package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.AcknowledgedCounterGenerator;
import site.ycsb.generator.CounterGenerator;

class SkewedLatestLongGeneratorTest {
  private final WorkloadRandom random = new WorkloadRandom(20261123L);
  private static final int DRAWS = 200_000;

  @Test
  void skewsTowardTheNewestKeys() {
    long items = 1_000_000;
    SkewedLatestLongGenerator g = new SkewedLatestLongGenerator(new CounterGenerator(items));
    long newest = items - 1;
    int newestHits = 0;
    int inNewestThousand = 0;
    int inOldestHalf = 0;
    for (int i = 0; i < DRAWS; i++) {
      long k = g.next(random);
      assertTrue(k >= 0 && k <= newest, "drew " + k);
      newestHits += k == newest ? 1 : 0;
      inNewestThousand += k > newest - 1000 ? 1 : 0;
      inOldestHalf += k < items / 2 ? 1 : 0;
    }
    double zetan = g.zeta(items);
    // P(rank 0) = 1/zeta(n); P(rank < 1000) = zeta(1000)/zeta(n) for a zipfian distribution
    assertEquals(1 / zetan, newestHits / (double) DRAWS, 0.01);
    assertEquals(g.zeta(1000) / zetan, inNewestThousand / (double) DRAWS, 0.02);
    assertTrue(inNewestThousand > DRAWS * 0.4, "newest thousand drew " + inNewestThousand);
    assertTrue(inOldestHalf < DRAWS * 0.1, "oldest half drew " + inOldestHalf);
  }

  @Test
  void startsInConstantTimeAtFiveBillionRecords() {
    long st = System.nanoTime();
    SkewedLatestLongGenerator g = new SkewedLatestLongGenerator(new AcknowledgedCounterGenerator(5_120_000_000L));
    long micros = (System.nanoTime() - st) / 1000;
    assertTrue(micros < 1_000_000, "start-up took " + micros + " us");
    for (int i = 0; i < 10_000; i++) {
      long k = g.next(random);
      assertTrue(k >= 0 && k <= 5_119_999_999L, "drew " + k);
    }
  }

  @Test
  void followsAGrowingKeySpace() {
    AcknowledgedCounterGenerator counter = new AcknowledgedCounterGenerator(10);
    SkewedLatestLongGenerator g = new SkewedLatestLongGenerator(counter);
    for (int round = 0; round < 100; round++) {
      long k = counter.nextValue();
      counter.acknowledge(k);
      long newest = counter.lastValue();
      assertEquals(k, newest);
      boolean sawNewest = false;
      for (int i = 0; i < 200; i++) {
        long v = g.next(random);
        assertTrue(v >= 0 && v <= newest, "drew " + v + " with newest " + newest);
        sawNewest |= v == newest;
      }
      assertTrue(sawNewest, "newest key " + newest + " never drawn");
    }
  }

  @Test
  void coversEveryKeyOfATinyKeySpace() {
    SkewedLatestLongGenerator g = new SkewedLatestLongGenerator(new CounterGenerator(3));
    boolean[] seen = new boolean[3];
    for (int i = 0; i < 10_000; i++) {
      seen[(int) g.next(random)] = true;
    }
    assertTrue(seen[0] && seen[1] && seen[2]);
  }
}
