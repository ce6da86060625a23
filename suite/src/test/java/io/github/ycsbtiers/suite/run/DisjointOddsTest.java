package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The rounds note's odds that two runs' ranges of one cell miss each other by chance alone. */
class DisjointOddsTest {
  @Test
  void exactOddsForSmallRoundCounts() {
    assertEquals("one time in 1", Suite.disjointOdds(1)); // two single figures never overlap unless equal
    assertEquals("one time in 3", Suite.disjointOdds(2));
    assertEquals("one time in 10", Suite.disjointOdds(3));
    assertEquals("one time in 35", Suite.disjointOdds(4));
    assertEquals("one time in 126", Suite.disjointOdds(5));
    assertEquals("one time in 1,716", Suite.disjointOdds(7)); // the note's grouping, whatever the default locale
    assertEquals("fewer than one time in a million", Suite.disjointOdds(100));
  }

  @Test
  void twoRoundsAgreeWithASimulation() {
    // two runs of two rounds, all four figures from one distribution: disjoint about 1/3 of the time
    SplittableRandom random = new SplittableRandom(7);
    int trials = 200_000;
    int disjoint = 0;
    for (int t = 0; t < trials; t++) {
      double a1 = random.nextDouble(), a2 = random.nextDouble(), b1 = random.nextDouble(), b2 = random.nextDouble();
      if (Math.max(a1, a2) < Math.min(b1, b2) || Math.max(b1, b2) < Math.min(a1, a2)) {
        disjoint++;
      }
    }
    assertEquals(1 / 3.0, disjoint / (double) trials, 0.005);
  }
}
