package io.github.ycsbtiers.suite.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.search.Slo;
import org.junit.jupiter.api.Test;

class RampTest {
  /** Runs a ramp over these throughputs (and p99s, for the bound), step by step, until it stops. */
  static Ramp ramp(Ramp r, double[] throughputs, double[] p99s) {
    for (int i = 0; i < throughputs.length && !r.done(); i++) {
      r.record(throughputs[i], p99s == null ? 100 : p99s[i], p99s == null ? 100 : p99s[i], "r" + i);
    }
    return r;
  }

  @Test
  void doublesUntilThroughputGrowsByLessThanTenPercentAndKeepsTheCountBefore() {
    Ramp r = ramp(new Ramp(0.10, 256, null), new double[] {9_000, 17_500, 31_000, 42_000, 45_000, 46_000}, null);
    assertTrue(r.done());
    assertEquals(5, r.steps().size(), "1, 2, 4, 8, 16");
    assertEquals(8, r.chosen());
    assertEquals("16 clients gave +7.1% over 8 (less than 10%)", r.stop());
    assertEquals(java.util.List.of(1, 2, 4, 8, 16), r.steps().stream().map(RampStep::clients).toList());
  }

  @Test
  void theChosenCountIsWithinTheGrowthOfTheBestTried() {
    double[][] cases = {{100, 250, 260}, {100, 300, 200}, {5_000, 5_400}, {100, 200, 400, 800, 850, 2_000}};
    for (double[] c : cases) {
      Ramp r = ramp(new Ramp(0.10, 256, null), c, null);
      double best = r.steps().stream().mapToDouble(RampStep::throughput).max().orElseThrow();
      double chosen = r.steps().stream().filter(s -> s.clients() == r.chosen()).findFirst().orElseThrow().throughput();
      assertTrue(chosen >= best / 1.10, java.util.Arrays.toString(c) + " chose " + r.chosen());
    }
  }

  @Test
  void aDropStopsTheRampToo() {
    Ramp r = ramp(new Ramp(0.10, 256, null), new double[] {100, 300, 200}, null);
    assertEquals(2, r.chosen());
    assertEquals("4 clients gave -33.3% over 2 (less than 10%)", r.stop());
  }

  @Test
  void aBrokenBoundStopsAtTheCountBefore() {
    Ramp r = ramp(new Ramp(0.10, 256, Slo.parse("op:p99<1ms")), new double[] {100, 200, 400, 800},
        new double[] {300, 500, 1_200, 5_000});
    assertEquals(2, r.chosen());
    assertEquals(3, r.steps().size());
    assertFalse(r.steps().get(2).met());
    assertEquals("4 clients broke op p99 < 1000 us (p99 1200 us)", r.stop());
  }

  @Test
  void aFirstStepThatBreaksTheBoundChoosesOneAndSaysSo() {
    Ramp r = ramp(new Ramp(0.10, 256, Slo.parse("p99<1ms")), new double[] {100}, new double[] {3_000});
    assertEquals(1, r.chosen());
    assertTrue(r.stop().endsWith("no count met it, 1 is used"), r.stop());
  }

  @Test
  void stillGrowingAtTheMaximumChoosesTheMaximum() {
    Ramp r = ramp(new Ramp(0.10, 6, null), new double[] {100, 200, 400, 800, 1_600}, null);
    assertEquals(java.util.List.of(1, 2, 4, 6), r.steps().stream().map(RampStep::clients).toList());
    assertEquals(6, r.chosen());
    assertEquals("reached the most clients tried, 6, still growing", r.stop());
  }

  @Test
  void oneClientAtMost() {
    Ramp r = ramp(new Ramp(0.10, 1, null), new double[] {100}, null);
    assertEquals(1, r.chosen());
    assertThrows(IllegalStateException.class, r::nextClients);
    assertThrows(IllegalArgumentException.class, () -> new Ramp(0, 4, null));
  }
}
