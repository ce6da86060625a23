package io.github.ycsbtiers.suite.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The search against a model store whose p99 is below the bound up to a known rate and above it beyond. */
class BisectionTest {
  private static final Slo SLO = Slo.parse("p99<1ms");

  /** A store that does up to {@code ceiling} ops/s and keeps p99 under 1 ms up to {@code knee} ops/s. */
  private static SearchOutcome search(double ceiling, double knee, double precision) {
    Bisection b = new Bisection(SLO, precision);
    while (!b.done()) {
      long rate = b.nextRate();
      double throughput = rate == 0 ? ceiling : Math.min(rate, ceiling);
      double offered = rate == 0 ? ceiling : rate;
      b.record(throughput, offered <= knee ? 500 : 5000, 100, null, null, "r" + b.steps().size());
    }
    return b.outcome("t", "g", "p");
  }

  @Test
  void findsTheKneeWithinThePrecision() {
    SearchOutcome o = search(100_000, 61_000, 0.05);
    SearchStep chosen = o.chosen();
    assertTrue(chosen.met() && chosen.latencyUs() < 1000);
    assertTrue(o.chosenRate() <= 61_000 && o.chosenRate() >= 61_000 * 0.95, "chose " + o.chosenRate());
    SearchStep up = o.nextStepUp();
    assertFalse(up.met());
    assertTrue(up.targetRate() - o.chosenRate() <= 0.05 * up.targetRate(), up + " vs " + o.chosenRate());
    assertEquals(0, o.steps().get(0).targetRate(), "the first step runs unthrottled");
    assertTrue(o.steps().size() <= 8, "steps: " + o.steps().size());
    for (int i = 0; i < o.steps().size(); i++) {
      assertEquals(i + 1, o.steps().get(i).number());
    }
  }

  @Test
  void anUnthrottledRunThatMeetsTheBoundIsTheAnswer() {
    SearchOutcome o = search(40_000, 61_000, 0.05);
    assertEquals(1, o.steps().size());
    assertTrue(o.chosen().ceiling());
    assertEquals(40_000, o.chosenRate());
    assertNull(o.nextStepUp());
  }

  @Test
  void givesUpWhenNothingMeetsTheBound() {
    SearchOutcome o = search(100_000, 10, 0.05);
    assertNull(o.chosen());
    assertEquals(0, o.chosenRate());
    assertTrue(o.verdict().startsWith("no rate met"), o.verdict());
    assertTrue(o.steps().size() <= Bisection.MAX_STEPS);
  }

  @Test
  void aStepThatCannotReachItsRateDoesNotCount() {
    Bisection b = new Bisection(SLO, 0.05);
    b.record(10_000, 5000, 100, null, null, "ceiling");
    assertEquals(5000, b.nextRate());
    SearchStep s = b.record(4000, 100, 100, null, null, "short");
    assertFalse(s.met());
    assertTrue(s.why().contains("reached 4000 of 5000"), s.why());
  }

  @Test
  void theChosenRateIsTheHighestThatMet() {
    SearchOutcome o = search(80_000, 30_000, 0.1);
    double best = 0;
    for (SearchStep s : o.steps()) {
      if (s.met()) {
        best = Math.max(best, s.targetRate());
      }
    }
    assertEquals(best, o.chosenRate());
  }
}
