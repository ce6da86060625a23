package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import org.junit.jupiter.api.Test;

class HotspotLongGeneratorTest {
  private final WorkloadRandom random = new WorkloadRandom(20261123L);

  @Test
  void hotSetBeyond32BitsKeepsItsShare() {
    long first = 0;
    long last = 5_119_999_999L;
    HotspotLongGenerator g = new HotspotLongGenerator(first, last, 0.5, 0.9);
    assertEquals(2_560_000_000L, g.hotSetSize());
    int hot = 0;
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      long k = g.next(random);
      assertTrue(k >= first && k <= last, "drew " + k);
      hot += k < 2_560_000_000L ? 1 : 0;
    }
    assertEquals(0.9, hot / (double) draws, 0.01);
  }

  @Test
  void emptyHotOrColdSetsStillDraw() {
    HotspotLongGenerator allCold = new HotspotLongGenerator(10, 19, 0, 0.8);
    HotspotLongGenerator allHot = new HotspotLongGenerator(10, 19, 1, 0.2);
    for (int i = 0; i < 1000; i++) {
      long a = allCold.next(random);
      long b = allHot.next(random);
      assertTrue(a >= 10 && a <= 19 && b >= 10 && b <= 19);
    }
  }

  @Test
  void rejectsBadArguments() {
    assertThrows(IllegalArgumentException.class, () -> new HotspotLongGenerator(5, 4, 0.2, 0.8));
    assertThrows(IllegalArgumentException.class, () -> new HotspotLongGenerator(0, 4, 1.2, 0.8));
  }
}
