package io.github.ycsbtiers.suite.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KneeTest {
  /** A step from recorded figures: fraction, offered, achieved, intended p99 (other figures derived). */
  static CurveStep step(double fraction, double offered, double achieved, double intendedP99) {
    Latencies l = new Latencies(intendedP99 / 4, intendedP99, intendedP99 * 2, intendedP99 * 3);
    return new CurveStep(fraction, offered, achieved, l, l, offered == 0 ? null : 50.0, 0.9, 12.5, "raw/t/x.txt");
  }

  /** saturation, then steps at these fractions with these intended p99s; saturation throughput 10,000. */
  static List<CurveStep> curve(double[] fractions, double[] p99s) {
    List<CurveStep> steps = new ArrayList<>(List.of(step(0, 0, 10_000, 900)));
    for (int i = 0; i < fractions.length; i++) {
      steps.add(step(fractions[i], fractions[i] * 10_000, fractions[i] * 10_000 * 0.99, p99s[i]));
    }
    return steps;
  }

  @Test
  void theKneeIsTheFirstStepAboveKTimesTheLowestStepsIntendedP99() {
    List<CurveStep> c = curve(new double[] {0.1, 0.5, 0.8, 0.9, 1.0}, new double[] {300, 380, 610, 5_000, 90_000});
    assertEquals("80%", Knee.of(c, 2).label());
    assertEquals("90%", Knee.of(c, 3).label(), "610 is not above 3 x 300");
    assertTrue(Knee.describe(c, 2).startsWith("knee at 80% (7,920 ops/s achieved): intended p99 610 us > 2 x 300 us at 10%"),
        Knee.describe(c, 2));
  }

  @Test
  void exactlyKTimesIsNotTheKnee() {
    assertEquals("100%", Knee.of(curve(new double[] {0.1, 0.5, 1.0}, new double[] {300, 600, 601}), 2).label());
  }

  @Test
  void aFlatCurveHasNoKneeAndSaysHowFlat() {
    List<CurveStep> c = curve(new double[] {0.1, 0.5, 1.0}, new double[] {300, 320, 590});
    assertNull(Knee.of(c, 2));
    assertEquals("no knee up to 100%: every intended p99 within 2 x the lowest step's (10%, 300 us)",
        Knee.describe(c, 2));
  }

  @Test
  void theSaturationRunIsNeverTheKneeNorTheBaseline() {
    // the closed-loop run's p99 (900) is three times the lowest open-loop step's, and comes first
    List<CurveStep> c = curve(new double[] {0.25, 1.0}, new double[] {300, 500});
    assertNull(Knee.of(c, 2));
  }

  @Test
  void stepsInAnyOrderAreTakenByOfferedRate() {
    List<CurveStep> c = new ArrayList<>(curve(new double[] {0.1, 0.9, 0.5}, new double[] {300, 2_000, 700}));
    assertEquals("50%", Knee.of(c, 2).label());
  }

  @Test
  void noBaselineNoKnee() {
    List<CurveStep> c = curve(new double[] {0.1, 0.5}, new double[] {-1, 5_000});
    assertNull(Knee.of(c, 2));
    assertEquals("no knee: the lowest step (10%) has no intended p99", Knee.describe(c, 2));
    assertNull(Knee.of(List.of(step(0, 0, 100, 50)), 2));
    assertEquals("no open-loop step", Knee.describe(List.of(step(0, 0, 100, 50)), 2));
  }

  @Test
  void labelsArePercentages() {
    assertEquals("saturation", step(0, 0, 1, 1).label());
    assertEquals("2.5%", step(0.025, 25, 25, 1).label());
    assertEquals("70%", step(0.7, 70, 70, 1).label());
  }
}
