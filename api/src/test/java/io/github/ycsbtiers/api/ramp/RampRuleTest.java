package io.github.ycsbtiers.api.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The stop rule on recorded throughputs (and bound latencies). */
class RampRuleTest {
  private static final RampRule.Bound P99_1MS = new RampRule.Bound("p99 < 1000 us", "p99");

  /** Feeds throughputs (without a bound) step by step until the ramp stops or they run out. */
  private static RampRule run(RampRule r, double... throughputs) {
    for (int i = 0; i < throughputs.length && !r.done(); i++) {
      r.record(throughputs[i], -1, true);
    }
    return r;
  }

  /** Feeds throughputs and latencies against {@link #P99_1MS}. */
  private static RampRule bounded(double[] throughputs, double[] p99s) {
    RampRule r = new RampRule(0.10, 256, P99_1MS);
    for (int i = 0; i < throughputs.length && !r.done(); i++) {
      r.record(throughputs[i], p99s[i], p99s[i] >= 0 && p99s[i] < 1_000);
    }
    return r;
  }

  private static List<Integer> clients(RampRule r) {
    return r.steps().stream().map(RampRule.Step::clients).toList();
  }

  @Test
  void oneWeakStepDoesNotStopTheRamp() {
    // a redis-server, uniform-read: 2 clients gave +5.5% over 1, and 32 clients reach three times that
    RampRule r = run(new RampRule(0.10, 256, null), 18_025, 19_024);
    assertFalse(r.done(), r.stop());
    assertTrue(r.steps().get(1).weak());
    assertEquals(4, r.nextClients());
  }

  @Test
  void theRedisRampStopsAfterTwoWeakStepsAndKeepsTheFewestNearTheBest() {
    RampRule r = run(new RampRule(0.10, 256, null), 18_025, 19_024, 30_000, 45_000, 55_000, 57_803, 57_000);
    assertTrue(r.done());
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), clients(r));
    assertEquals(16, r.chosen(), "55,000 is within 5% of 32 clients' 57,803");
    assertEquals("the fewest clients within 5% of the best step's throughput: 16 clients, 4.8% below 32's 57,803 ops/s",
        r.choice());
    assertEquals("32 clients gave +5.1% over 16 and 64 clients -1.4% over 32 (each less than 10%)", r.stop());
  }

  @Test
  void aDipThenRecoveryGoesOn() {
    RampRule r = run(new RampRule(0.10, 256, null), 1_000, 900, 2_000, 4_000, 4_200, 4_250);
    assertEquals(List.of(1, 2, 4, 8, 16, 32), clients(r));
    assertEquals(16, r.chosen());
    assertEquals("16 clients gave +5.0% over 8 and 32 clients +1.2% over 16 (each less than 10%)", r.stop());
  }

  @Test
  void weakStepsThatNeverFollowEachOtherRunToTheMaximum() {
    RampRule r = run(new RampRule(0.10, 256, null), 100, 105, 200, 205, 400, 405, 800, 805, 1_600);
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), clients(r));
    assertEquals(256, r.chosen());
    assertEquals("reached the most clients tried, 256, still growing", r.stop());
  }

  @Test
  void aBoundBrokenAtTheFirstStepChoosesOneAndSaysSo() {
    RampRule r = bounded(new double[] {100}, new double[] {3_000});
    assertEquals(1, r.chosen());
    assertFalse(r.steps().get(0).met());
    assertEquals("1 clients broke p99 < 1000 us (p99 3000 us): no count met it, 1 is used", r.stop());
    RampRule unknown = bounded(new double[] {100}, new double[] {-1});
    assertEquals("1 clients broke p99 < 1000 us (p99 unknown): no count met it, 1 is used", unknown.stop());
  }

  @Test
  void aBoundBrokenLaterKeepsTheBestStepThatMetIt() {
    RampRule r = bounded(new double[] {100, 200, 400, 800}, new double[] {300, 500, 1_200, 5_000});
    assertEquals(List.of(1, 2, 4), clients(r));
    assertEquals(2, r.chosen(), "4 clients gave more but broke the bound");
    assertEquals("4 clients broke p99 < 1000 us (p99 1200 us)", r.stop());
    RampRule afterADip = bounded(new double[] {100, 200, 190, 900}, new double[] {300, 400, 500, 1_500});
    assertEquals(List.of(1, 2, 4, 8), clients(afterADip));
    assertEquals(2, afterADip.chosen());
  }

  @Test
  void reachingTheMaximumWhileGrowingChoosesTheMaximum() {
    RampRule r = run(new RampRule(0.10, 6, null), 100, 200, 400, 800, 1_600);
    assertEquals(List.of(1, 2, 4, 6), clients(r));
    assertEquals(6, r.chosen());
    assertEquals("reached the most clients tried, 6, still growing", r.stop());
    assertThrows(IllegalStateException.class, r::nextClients);
    RampRule one = run(new RampRule(0.10, 1, null), 100);
    assertEquals(1, one.chosen());
    assertEquals("reached the most clients tried, 1, still growing", one.stop());
  }

  @Test
  void aWeakStepAtTheMaximumSaysSoAndTheBestIsKept() {
    RampRule flat = run(new RampRule(0.10, 4, null), 100, 200, 205);
    assertEquals(2, flat.chosen(), "200 is within 5% of 205");
    assertEquals("reached the most clients tried, 4, which gave +2.5% over 2 (less than 10%)", flat.stop());
    RampRule drop = run(new RampRule(0.10, 4, null), 100, 200, 150);
    assertEquals(2, drop.chosen());
  }

  @Test
  void tiesGoToTheSmallerCount() {
    RampRule r = run(new RampRule(0.10, 256, null), 100, 200, 200, 200);
    assertEquals(List.of(1, 2, 4, 8), clients(r));
    assertEquals(2, r.chosen());
    assertEquals("4 clients gave +0.0% over 2 and 8 clients +0.0% over 4 (each less than 10%)", r.stop());
    RampRule later = run(new RampRule(0.10, 256, null), 100, 200, 190, 400, 400, 400);
    assertEquals(List.of(1, 2, 4, 8, 16, 32), clients(later));
    assertEquals(8, later.chosen());
  }

  /** A ramp on a redis-server chose 64 clients for +0.9% over 32, doubling the latency for nothing. */
  @Test
  void sixtyFourClientsForLessThanOnePercentOverThirtyTwoChooseThirtyTwo() {
    RampRule r = run(new RampRule(0.10, 256, null), 100, 200, 400, 800, 1_600, 2_000, 2_018, 2_010);
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128), clients(r));
    assertEquals(32, r.chosen());
    assertEquals("the fewest clients within 5% of the best step's throughput: 32 clients, 0.9% below 64's 2,018 ops/s",
        r.choice());
    RampRule alone = run(new RampRule(0.10, 8, null), 100, 200, 400, 800);
    assertEquals(8, alone.chosen());
    assertEquals("the best step's throughput: 8 clients, 800 ops/s (no fewer within 5%)", alone.choice());
  }

  @Test
  void theChosenCountIsTheFewestWithinFivePercentOfTheBest() {
    double[][] cases = {{100, 250, 260, 255}, {100, 300, 200, 600, 610, 590}, {5_000, 5_400, 5_300},
        {100, 200, 400, 800, 850, 2_000, 2_010, 1_990}};
    for (double[] c : cases) {
      RampRule r = run(new RampRule(0.10, 256, null), c);
      assertTrue(r.done(), java.util.Arrays.toString(c));
      double best = r.steps().stream().mapToDouble(RampRule.Step::throughput).max().orElseThrow();
      double chosen = r.steps().stream().filter(s -> s.clients() == r.chosen()).findFirst().orElseThrow().throughput();
      assertTrue(chosen >= 0.95 * best, java.util.Arrays.toString(c) + " chose " + r.chosen());
      for (RampRule.Step s : r.steps()) {
        assertTrue(s.clients() >= r.chosen() || s.throughput() < 0.95 * best,
            java.util.Arrays.toString(c) + ": " + s.clients() + " clients were near the best too");
      }
    }
  }

  @Test
  void stepsWithoutAThroughputAreWeakAndNeverBest() {
    RampRule zero = run(new RampRule(0.10, 256, null), 0, 0, 0);
    assertEquals(1, zero.chosen());
    assertEquals("2 clients gave no measurable growth over 1 and 4 clients no measurable growth over 2 (each less"
        + " than 10%)", zero.stop());
    RampRule missing = run(new RampRule(0.10, 4, null), Double.NaN, 100, 150);
    assertEquals(List.of(1, 2, 4), clients(missing));
    assertTrue(missing.steps().get(1).weak());
    assertEquals(4, missing.chosen());
  }

  @Test
  void theGrowthIsTheCallersAndNamedWithoutFloatNoise() {
    RampRule r = run(new RampRule(0.125, 256, null), 100, 200, 220, 240);
    assertEquals("4 clients gave +10.0% over 2 and 8 clients +9.1% over 4 (each less than 12.5%)", r.stop());
    assertEquals("10", RampRule.pct(0.1));
    assertEquals("12.5", RampRule.pct(0.125));
  }

  @Test
  void withoutABoundEveryStepMeetsIt() {
    RampRule r = new RampRule(0.10, 256, null);
    RampRule.Step s = r.record(100, 5_000, false);
    assertTrue(s.met());
    assertEquals(-1, s.boundLatencyUs());
    assertFalse(r.done());
  }

  @Test
  void refusedSettingsAndEarlyQuestions() {
    assertThrows(IllegalArgumentException.class, () -> new RampRule(0, 4, null));
    assertThrows(IllegalArgumentException.class, () -> new RampRule(0.1, 0, null));
    assertThrows(IllegalStateException.class, () -> new RampRule(0.1, 4, null).chosen());
  }
}
