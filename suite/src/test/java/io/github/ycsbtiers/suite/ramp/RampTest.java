package io.github.ycsbtiers.suite.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Golden;
import io.github.ycsbtiers.suite.search.Slo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The suite's ramp over the api's rule (whose cases are in the api's {@code RampRuleTest}): the
 * {@link Slo} as the bound, each step's p99 and report, the outcome's verdict.
 */
class RampTest {
  /** Runs a ramp over these throughputs (and p99s, for the bound), step by step, until it stops. */
  static Ramp ramp(Ramp r, double[] throughputs, double[] p99s) {
    for (int i = 0; i < throughputs.length && !r.done(); i++) {
      r.record(throughputs[i], p99s == null ? 100 : p99s[i], p99s == null ? 100 : p99s[i], "r" + i);
    }
    return r;
  }

  /**
   * Two targets on one phase, under a bound: one stopped by growth, one by the bound. No timeline
   * links: the docs check would follow them from the golden file to charts that do not exist.
   */
  static List<RampOutcome> sample() {
    Ramp growth = ramp(new Ramp(0.10, 256, Slo.parse("p99<2ms")), new double[] {18_025, 19_024, 30_000, 45_000,
        55_000, 57_803, 57_000}, new double[] {120, 130, 180, 300, 700, 1_400, 1_900});
    Ramp bound = ramp(new Ramp(0.10, 256, Slo.parse("p99<2ms")), new double[] {9_000, 17_500, 30_100, 41_000},
        new double[] {200, 450, 1_500, 2_600});
    return List.of(growth.outcome("pmem", "1:4", "uniform-read"), bound.outcome("disk", "1:4", "uniform-read"));
  }

  @Test
  void theReportMatchesItsGoldenInEveryFormat() throws Exception {
    List<RampOutcome> ramps = sample();
    assertEquals(Golden.read("ramp.md"), RampReport.markdown(ramps, Map.of()));
    assertEquals(Golden.read("ramp.csv"), RampReport.csv(ramps));
    assertEquals(Golden.read("ramp.json"), RampReport.json(ramps));
  }

  @Test
  void stopsAfterTwoWeakStepsAndMeasuresTheFewestNearTheBest() {
    Ramp r = ramp(new Ramp(0.10, 256, null), new double[] {18_025, 19_024, 30_000, 45_000, 55_000, 57_803, 57_000},
        null);
    assertTrue(r.done());
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), r.steps().stream().map(RampStep::clients).toList());
    assertEquals(16, r.chosen());
    RampOutcome o = r.outcome("redis", "7:1", "uniform-read");
    assertEquals("16 clients (32 clients gave +5.1% over 16 and 64 clients -1.4% over 32 (each less than 10%); kept:"
        + " the fewest clients within 5% of the best step's throughput: 16 clients, 4.8% below 32's 57,803 ops/s)",
        o.verdict());
    assertEquals(55_000, o.chosenStep().throughput());
    assertEquals("r4", o.chosenStep().report());
    assertEquals(-1, o.chosenStep().boundLatencyUs(), "no bound");
  }

  @Test
  void theSloIsTheBoundAndNamedInTheStop() {
    Ramp r = ramp(new Ramp(0.10, 256, Slo.parse("op:p99<1ms")), new double[] {100, 200, 400, 800},
        new double[] {300, 500, 1_200, 5_000});
    assertEquals(2, r.chosen());
    assertEquals(3, r.steps().size());
    assertFalse(r.steps().get(2).met());
    assertEquals(1_200, r.steps().get(2).boundLatencyUs());
    assertEquals("4 clients broke op p99 < 1000 us (p99 1200 us)", r.stop());
  }

  @Test
  void aFirstStepThatBreaksTheBoundChoosesOneAndSaysSo() {
    Ramp r = ramp(new Ramp(0.10, 256, Slo.parse("p99<1ms")), new double[] {100}, new double[] {3_000});
    assertEquals(1, r.chosen());
    assertTrue(r.stop().endsWith("no count met it, 1 is used"), r.stop());
    Ramp unknown = ramp(new Ramp(0.10, 256, Slo.parse("p99<1ms")), new double[] {100}, new double[] {-1});
    assertFalse(unknown.steps().get(0).met(), "a step without the bound's figure does not meet it");
  }

  @Test
  void stillGrowingAtTheMaximumChoosesTheMaximum() {
    Ramp r = ramp(new Ramp(0.10, 6, null), new double[] {100, 200, 400, 800, 1_600}, null);
    assertEquals(List.of(1, 2, 4, 6), r.steps().stream().map(RampStep::clients).toList());
    assertEquals(6, r.chosen());
    assertEquals("reached the most clients tried, 6, still growing", r.stop());
  }
}
