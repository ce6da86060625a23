package io.github.ycsbtiers.runner.workload.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class WorkloadRandomTest {
  private static final int DRAWS = 1_000_000;

  @Test
  void theSameSeedAndThreadGiveTheSameStream() {
    assertArrayEquals(longs(WorkloadRandom.forThread(42, 3), 1000), longs(WorkloadRandom.forThread(42, 3), 1000));
  }

  @Test
  void otherThreadsAndSeedsGiveOtherStreams() {
    long[] base = longs(WorkloadRandom.forThread(42, 0), 1000);
    assertFalse(Arrays.equals(base, longs(WorkloadRandom.forThread(42, 1), 1000)));
    assertFalse(Arrays.equals(base, longs(WorkloadRandom.forThread(43, 0), 1000)));
    // seed + 1 of thread 0 is not thread 1 of the same seed shifted: the pair is mixed, not added
    long[] thread1 = longs(WorkloadRandom.forThread(42, 1), 1001);
    assertFalse(Arrays.equals(base, Arrays.copyOfRange(thread1, 1, 1001)));
  }

  @Test
  void theAlgorithmIsSplitMix64() {
    // the first outputs of SplitMix64 from state 0, as its reference implementation gives them
    WorkloadRandom r = new WorkloadRandom(0);
    assertEquals(0xE220A8397B1DCDAFL, r.nextLong());
    assertEquals(0x6E789E6AA1B965F4L, r.nextLong());
    assertEquals(0x06C45D188009454FL, r.nextLong());
  }

  @Test
  void boundedDrawsAreUniformAndInRange() {
    for (long bound : new long[] {10, 1L << 40, 1_000_010, 5_120_000_000L}) {
      WorkloadRandom r = new WorkloadRandom(bound);
      int buckets = 10;
      int[] counts = new int[buckets];
      for (int i = 0; i < DRAWS; i++) {
        long v = r.nextLong(bound);
        assertTrue(v >= 0 && v < bound, "drew " + v + " below " + bound);
        counts[(int) (v * buckets / bound)]++;
      }
      // expected 100,000 each, standard deviation about 300: 1.5% is five deviations
      for (int c : counts) {
        assertEquals(DRAWS / buckets, c, DRAWS / buckets * 0.015, "bound " + bound + ": " + Arrays.toString(counts));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> new WorkloadRandom(1).nextLong(0));
  }

  @Test
  void doublesFillTheUnitInterval() {
    WorkloadRandom r = new WorkloadRandom(7);
    double sum = 0;
    double min = 1;
    double max = 0;
    for (int i = 0; i < DRAWS; i++) {
      double d = r.nextDouble();
      assertTrue(d >= 0 && d < 1);
      sum += d;
      min = Math.min(min, d);
      max = Math.max(max, d);
    }
    assertEquals(0.5, sum / DRAWS, 0.002);
    assertTrue(min < 1e-4 && max > 1 - 1e-4, min + " " + max);
  }

  @Test
  void gaussiansAreStandardNormal() {
    WorkloadRandom r = new WorkloadRandom(11);
    double sum = 0;
    double squares = 0;
    int withinOne = 0;
    int withinTwo = 0;
    for (int i = 0; i < DRAWS; i++) {
      double g = r.nextGaussian();
      assertTrue(Double.isFinite(g));
      sum += g;
      squares += g * g;
      withinOne += Math.abs(g) < 1 ? 1 : 0;
      withinTwo += Math.abs(g) < 2 ? 1 : 0;
    }
    assertEquals(0, sum / DRAWS, 0.005);
    assertEquals(1, squares / DRAWS, 0.005);
    assertEquals(0.6827, withinOne / (double) DRAWS, 0.003);
    assertEquals(0.9545, withinTwo / (double) DRAWS, 0.002);
  }

  private static long[] longs(WorkloadRandom r, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = r.nextLong();
    }
    return out;
  }
}
