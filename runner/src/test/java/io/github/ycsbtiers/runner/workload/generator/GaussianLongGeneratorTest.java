package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import org.junit.jupiter.api.Test;

class GaussianLongGeneratorTest {
  private final WorkloadRandom random = new WorkloadRandom(14);

  @Test
  void staysInRangeWhenTheDeviationIsWide() {
    GaussianLongGenerator g = new GaussianLongGenerator(100, 199, 110, 500);
    int low = 0;
    for (int i = 0; i < 100_000; i++) {
      long k = g.next(random);
      assertTrue(k >= 100 && k <= 199, "drew " + k);
      low += k < 150 ? 1 : 0;
    }
    // nearly flat over 100 keys when sigma is 500; truncation keeps both halves populated
    assertEquals(0.5, low / 100_000.0, 0.05);
  }

  @Test
  void keepsUnitResolutionNearTheTopOfTheLongRange() {
    long last = Long.MAX_VALUE - 1;
    long first = last - 1_000_000;
    GaussianLongGenerator g = new GaussianLongGenerator(first, last, last - 500_000, 1000);
    boolean odd = false;
    boolean even = false;
    for (int i = 0; i < 1000; i++) {
      long k = g.next(random);
      assertTrue(k >= first && k <= last);
      odd |= (k & 1) == 1;
      even |= (k & 1) == 0;
      assertTrue(Math.abs(k - (last - 500_000)) < 10_000, "drew " + k);
    }
    assertTrue(odd && even, "keys must not be rounded to a double's spacing");
  }

  @Test
  void meanAtTheEdgeDrawsOnlyInside() {
    GaussianLongGenerator g = new GaussianLongGenerator(0, Long.MAX_VALUE - 1, 0, 1e18);
    for (int i = 0; i < 10_000; i++) {
      assertTrue(g.next(random) >= 0);
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> new GaussianLongGenerator(5, 4, 5, 1));
    assertThrows(IllegalArgumentException.class, () -> new GaussianLongGenerator(0, 9, 10, 1));
    assertThrows(IllegalArgumentException.class, () -> new GaussianLongGenerator(0, 9, 5, 0));
    assertThrows(IllegalArgumentException.class, () -> new GaussianLongGenerator(0, 9, 5, Double.NaN));
  }
}
