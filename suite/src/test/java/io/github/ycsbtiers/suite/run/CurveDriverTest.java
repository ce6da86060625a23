package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.search.Bisection;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import io.github.ycsbtiers.suite.search.SearchStep;
import io.github.ycsbtiers.suite.search.Slo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The curve's hand-over to the search: which steps bracket the bisection, and when it stops. */
class CurveDriverTest {
  private static final Slo SLO = Slo.parse("p99<1ms");

  /** The ceiling (10,000 ops/s, p99 2 ms), then steps at these rates with these p99s, each reaching its rate. */
  private static List<SearchStep> judged(long[] rates, double[] p99s) {
    List<SearchStep> steps = new ArrayList<>();
    steps.add(Bisection.judge(SLO, 1, 0, 10_000, 2_000, 1_500, null, null, "c00"));
    for (int i = 0; i < rates.length; i++) {
      steps.add(Bisection.judge(SLO, i + 2, rates[i], rates[i], p99s[i], p99s[i], null, null, "c" + i));
    }
    return steps;
  }

  @Test
  void theBisectionRunsBetweenTheHighestStepMeetingTheBoundAndTheNextUp() {
    List<SearchStep> s = judged(new long[] {1_000, 5_000, 7_000, 8_000, 10_000}, new double[] {300, 500, 800, 1_400, 9_000});
    assertArrayEquals(new double[] {7_000, 8_000}, CurveDriver.bracket(s));
    Bisection b = Bisection.after(SLO, 0.05, s, 7_000, 8_000);
    assertFalse(b.done());
    assertEquals(7_500, b.nextRate());
    b.record(7_480, 900, 850, null, null, "s07");
    assertEquals(7_750, b.nextRate());
    b.record(7_700, 1_100, 1_000, null, null, "s08");
    assertTrue(b.done(), "7,500 and 7,750 are within 5%");
    SearchOutcome o = b.outcome("t", "g", "p");
    assertEquals(7_500, o.chosenRate());
    assertEquals(8, o.steps().size(), "the curve's six steps, then the search's two");
    assertEquals(8, o.steps().get(7).number());
  }

  @Test
  void aBracketAlreadyWithinThePrecisionStopsAtOnce() {
    List<SearchStep> s = judged(new long[] {9_000, 9_500}, new double[] {800, 1_200});
    assertArrayEquals(new double[] {9_000, 9_500}, CurveDriver.bracket(s));
    Bisection b = Bisection.after(SLO, 0.10, s, 9_000, 9_500);
    assertTrue(b.done());
    assertEquals(9_000, b.outcome("t", "g", "p").chosenRate());
  }

  @Test
  void whenEveryOpenLoopStepMetTheCeilingIsTheUpperEnd() {
    List<SearchStep> s = judged(new long[] {1_000, 5_000}, new double[] {300, 500});
    assertArrayEquals(new double[] {5_000, 10_000}, CurveDriver.bracket(s));
  }

  @Test
  void whenNoStepMetTheSearchGoesBelowTheLowest() {
    List<SearchStep> s = judged(new long[] {1_000, 5_000}, new double[] {3_000, 5_000});
    assertArrayEquals(new double[] {0, 1_000}, CurveDriver.bracket(s));
    Bisection b = Bisection.after(SLO, 0.05, s, 0, 1_000);
    assertEquals(500, b.nextRate());
  }

  @Test
  void aStepThatDidNotReachItsRateDidNotMeetTheBound() {
    List<SearchStep> s = new ArrayList<>(judged(new long[] {1_000}, new double[] {300}));
    s.add(Bisection.judge(SLO, 3, 5_000, 4_000, 500, 500, null, null, "c2"));
    assertFalse(s.get(2).met());
    assertArrayEquals(new double[] {1_000, 5_000}, CurveDriver.bracket(s));
  }

  @Test
  void aCeilingThatMetTheBoundIsTheAnswer() {
    List<SearchStep> s = new ArrayList<>();
    s.add(Bisection.judge(SLO, 1, 0, 10_000, 700, 700, null, null, "c00"));
    Bisection b = Bisection.after(SLO, 0.05, s, 0, 10_000);
    assertTrue(b.done());
    assertEquals(10_000, b.outcome("t", "g", "p").chosenRate());
  }
}
