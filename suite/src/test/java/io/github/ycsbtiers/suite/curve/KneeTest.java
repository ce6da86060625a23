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

  /**
   * Recorded: the first run of {@code CurveEmbeddedIT} (flash-hit 85% set:get 1:1 on pmem, 2 clients,
   * 1 s steps, at a load average of 20 on 2 cores), its curve.json. Its lowest step was sent up to
   * 757 ms late at p99 (a stall at the step's start, with no headroom to catch up in 1 s), so the
   * baseline is the stall and the 100% step, far into its queue, is not twice it: no knee. The rule
   * reads the curve as measured; the table's send lateness shows why.
   */
  @Test
  void recordedCurveWhoseLowestStepStalledHasNoKnee() {
    Latencies sat = new Latencies(18, 122, 570, 20_735);
    List<CurveStep> c = List.of(
        new CurveStep(0, 0, 46_403.712297, sat, sat, null, 0.998, 21.5, "c00"),
        new CurveStep(0.5, 23_202, 12_131.0679612, new Latencies(90, 757_759, 785_919, 786_431),
            new Latencies(21, 192, 808, 16_359), 757_247.0, 0.913, 75.23, "c01"),
        new CurveStep(1, 46_404, 28_776.9784173, new Latencies(153_983, 254_335, 255_359, 255_615),
            new Latencies(24, 201, 2_785, 13_031), 254_207.0, 0.849, 29.5, "c02"));
    assertNull(Knee.of(c, 2));
    assertEquals("no knee up to 100%: every intended p99 within 2 x the lowest step's (50%, 757,759 us)",
        Knee.describe(c, 2));
  }

  @Test
  void labelsArePercentages() {
    assertEquals("saturation", step(0, 0, 1, 1).label());
    assertEquals("2.5%", step(0.025, 25, 25, 1).label());
    assertEquals("70%", step(0.7, 70, 70, 1).label());
  }
}
