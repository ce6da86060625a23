package io.github.ycsbtiers.suite.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Two-sided 95% quantiles against the printed tables (and closed forms for df 1 and 2). */
class StudentTTest {
  @Test
  void quantilesMatchTheTables() {
    // df 1: tan(0.95 π / 2); df 2: t / sqrt(2 + t²) = 0.95
    assertEquals(Math.tan(0.95 * Math.PI / 2), StudentT.twoSided(1, 0.95), 1e-9);
    assertEquals(Math.sqrt(2 * 0.95 * 0.95 / (1 - 0.95 * 0.95)), StudentT.twoSided(2, 0.95), 1e-9);
    double[][] table = {{1, 12.7062}, {2, 4.3027}, {3, 3.1824}, {4, 2.7764}, {9, 2.2622}, {29, 2.0452},
        {99, 1.9842}};
    for (double[] row : table) {
      assertEquals(row[1], StudentT.twoSided((int) row[0], 0.95), 5e-5, "df " + (int) row[0]);
    }
    assertEquals(5.8409, StudentT.twoSided(3, 0.99), 5e-5, "99%, df 3");
  }

  @Test
  void theSeriesIsACumulativeProbability() {
    for (int df = 1; df <= 60; df++) {
      assertEquals(0, StudentT.centralProbability(0, df), 1e-15);
      assertEquals(1, StudentT.centralProbability(1e9, df), 1e-6, "df " + df);
      double previous = 0;
      for (double t = 0.25; t < 20; t += 0.25) {
        double p = StudentT.centralProbability(t, df);
        assertTrue(p > previous || p > 1 - 1e-12, "increasing until it is 1, df " + df + " at " + t);
        previous = p;
      }
    }
  }

  @Test
  void refusesWhatIsNotADistribution() {
    assertThrows(IllegalArgumentException.class, () -> StudentT.twoSided(0, 0.95));
    assertThrows(IllegalArgumentException.class, () -> StudentT.twoSided(3, 1));
  }
}
