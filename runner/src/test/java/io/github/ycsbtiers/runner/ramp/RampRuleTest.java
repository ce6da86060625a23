package io.github.ycsbtiers.runner.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The stop rule on recorded throughputs (the suite's {@code RampTest} has the same cases). */
class RampRuleTest {
  private static RampRule run(RampRule r, double[] throughputs, double[] bounds, double limit) {
    for (int i = 0; i < throughputs.length && !r.done(); i++) {
      double b = bounds == null ? -1 : bounds[i];
      r.record(throughputs[i], b, bounds == null || b < limit);
    }
    return r;
  }

  @Test
  void stopsBelowTenPercentGrowthAndKeepsTheCountBefore() {
    RampRule r = run(new RampRule(0.10, 256), new double[] {9_000, 17_500, 31_000, 42_000, 45_000, 46_000}, null, 0);
    assertEquals(List.of(1, 2, 4, 8, 16), r.steps().stream().map(RampRule.Step::clients).toList());
    assertEquals(8, r.chosen());
    assertEquals("16 clients gave +7.1% over 8 (less than 10%)", r.stop());
  }

  @Test
  void theChosenCountIsWithinTheGrowthOfTheBestTried() {
    for (double[] c : new double[][] {{100, 250, 260}, {100, 300, 200}, {5_000, 5_400}, {100, 200, 400, 800, 850}}) {
      RampRule r = run(new RampRule(0.10, 256), c, null, 0);
      double best = r.steps().stream().mapToDouble(RampRule.Step::throughput).max().orElseThrow();
      double chosen = r.steps().stream().filter(s -> s.clients() == r.chosen()).findFirst().orElseThrow().throughput();
      assertTrue(chosen >= best / 1.10, java.util.Arrays.toString(c));
    }
  }

  @Test
  void aBrokenBoundStopsAtTheCountBefore() {
    RampRule r = run(new RampRule(0.10, 256), new double[] {100, 200, 400}, new double[] {300, 500, 1_200}, 1_000);
    assertEquals(2, r.chosen());
    assertEquals("4 clients broke the bound (1200 us)", r.stop());
    RampRule first = run(new RampRule(0.10, 256), new double[] {100}, new double[] {3_000}, 1_000);
    assertEquals(1, first.chosen());
  }

  @Test
  void stillGrowingAtTheMaximum() {
    RampRule r = run(new RampRule(0.10, 6), new double[] {100, 200, 400, 800}, null, 0);
    assertEquals(6, r.chosen());
    assertThrows(IllegalStateException.class, r::nextClients);
  }
}
