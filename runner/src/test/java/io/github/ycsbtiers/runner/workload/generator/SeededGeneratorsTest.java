package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;
import site.ycsb.generator.HistogramGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.ZipfianGenerator;

/**
 * Each seeded generator keeps the shape of YCSB core's: measured over 10^6 draws against the
 * formula, and where core's generator can be drawn from here, against core's own draws.
 */
class SeededGeneratorsTest {
  private static final int DRAWS = 1_000_000;
  private final WorkloadRandom random = new WorkloadRandom(0x5EEDL);

  @Test
  void uniformIsFlatOverA64BitRange() {
    long first = 5_000_000_000L;
    long last = first + 999_999;
    SeededUniformGenerator g = new SeededUniformGenerator(first, last);
    int[] buckets = new int[100];
    for (int i = 0; i < DRAWS; i++) {
      long k = g.next(random);
      assertTrue(k >= first && k <= last, "drew " + k);
      buckets[(int) ((k - first) / 10_000)]++;
    }
    // 10,000 expected per bucket, standard deviation about 100: 5% is five deviations
    for (int b : buckets) {
      assertEquals(10_000, b, 500, Arrays.toString(buckets));
    }
  }

  @Test
  void zipfianTopSharesFollowTheFormulaAndCoresDraws() {
    int items = 1000;
    SeededZipfianGenerator ours = new SeededZipfianGenerator(0, items - 1);
    ZipfianGenerator core = new ZipfianGenerator(0, items - 1);
    int[] mine = new int[items];
    int[] theirs = new int[items];
    for (int i = 0; i < DRAWS; i++) {
      long k = ours.next(random);
      assertTrue(k >= 0 && k < items, "drew " + k);
      mine[(int) k]++;
      theirs[core.nextValue().intValue()]++;
    }
    double zetan = 0;
    for (int i = 1; i <= items; i++) {
      zetan += Math.pow(i, -0.99); // core's zetastatic, term by term
    }
    assertEquals(1 / zetan, ours.topShare(), 1e-12);
    // rank r has probability (r+1)^-theta / zeta(n) for the first two ranks, which Gray's
    // algorithm gives exactly; the rest follows the approximation that core uses too
    assertEquals(1 / zetan, mine[0] / (double) DRAWS, 0.002);
    assertEquals(Math.pow(2, -0.99) / zetan, mine[1] / (double) DRAWS, 0.002);
    for (int r = 0; r < 20; r++) {
      assertEquals(theirs[r] / (double) DRAWS, mine[r] / (double) DRAWS, 0.003, "rank " + r);
    }
    // the top decile's share, and the tail's
    assertEquals(sum(theirs, 0, 100) / (double) DRAWS, sum(mine, 0, 100) / (double) DRAWS, 0.004);
    assertEquals(sum(theirs, 500, items) / (double) DRAWS, sum(mine, 500, items) / (double) DRAWS, 0.004);
  }

  @Test
  void scrambledZipfianPutsTheSameKeysOnTopAsCore() {
    long first = 1_000;
    long last = 5_119_999_999L;
    SeededScrambledZipfianGenerator ours = new SeededScrambledZipfianGenerator(first, last);
    ScrambledZipfianGenerator core = new ScrambledZipfianGenerator(first, last);
    Map<Long, Integer> mine = new HashMap<>();
    Map<Long, Integer> theirs = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      long k = ours.next(random);
      assertTrue(k >= first && k <= last, "drew " + k);
      mine.merge(k, 1, Integer::sum);
      theirs.merge(core.nextValue(), 1, Integer::sum);
    }
    assertEquals(ScrambledZipfianGenerator.ITEM_COUNT, SeededScrambledZipfianGenerator.ITEM_COUNT);
    assertEquals(ScrambledZipfianGenerator.ZETAN, SeededScrambledZipfianGenerator.ZETAN);
    long top = ours.mostPopular();
    assertEquals(first + Utils.fnvhash64(0) % (last - first + 1), top);
    assertEquals(1 / SeededScrambledZipfianGenerator.ZETAN, ours.topShare(), 1e-15);
    assertEquals(ours.topShare(), mine.getOrDefault(top, 0) / (double) DRAWS, 0.002);
    assertEquals(theirs.getOrDefault(top, 0) / (double) DRAWS, mine.getOrDefault(top, 0) / (double) DRAWS, 0.002);
    // the five most popular keys of core's draws are, in our draws, as popular as in core's
    theirs.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(5).forEach(e ->
        assertEquals(e.getValue() / (double) DRAWS, mine.getOrDefault(e.getKey(), 0) / (double) DRAWS, 0.002,
            "key " + e.getKey()));
  }

  @Test
  void hotspotSendsItsShareToTheHotSet() {
    HotspotLongGenerator g = new HotspotLongGenerator(0, 999_999, 0.2, 0.8);
    int hot = 0;
    for (int i = 0; i < DRAWS; i++) {
      hot += g.next(random) < 200_000 ? 1 : 0;
    }
    // standard deviation 0.0004
    assertEquals(0.8, hot / (double) DRAWS, 0.002);
  }

  @Test
  void exponentialPutsThePercentileWithinTheRange() {
    double range = 1_000_000 * 0.8571428571;
    SeededExponentialGenerator g = new SeededExponentialGenerator(95, range);
    int within = 0;
    double sum = 0;
    for (int i = 0; i < DRAWS; i++) {
      long d = g.next(random);
      assertTrue(d >= 0);
      within += d < range ? 1 : 0;
      sum += d;
    }
    assertEquals(0.95, within / (double) DRAWS, 0.002);
    // truncation to whole numbers lowers the mean by about 0.5
    assertEquals(g.mean(), sum / DRAWS, g.mean() * 0.005);
  }

  @Test
  void histogramLengthsMatchCores() {
    long[] buckets = {0, 10, 30, 40, 20};
    SeededHistogramGenerator ours = new SeededHistogramGenerator(buckets, 100);
    HistogramGenerator core = new HistogramGenerator(buckets.clone(), 100);
    Map<Long, Integer> mine = new HashMap<>();
    Map<Long, Integer> theirs = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      mine.merge(ours.next(random), 1, Integer::sum);
      theirs.merge(core.nextValue(), 1, Integer::sum);
    }
    assertEquals(theirs.keySet(), mine.keySet());
    for (Map.Entry<Long, Integer> e : theirs.entrySet()) {
      assertEquals(e.getValue() / (double) DRAWS, mine.get(e.getKey()) / (double) DRAWS, 0.003, "length " + e.getKey());
    }
  }

  private static long sum(int[] counts, int from, int to) {
    long s = 0;
    for (int i = from; i < to; i++) {
      s += counts[i];
    }
    return s;
  }
}
