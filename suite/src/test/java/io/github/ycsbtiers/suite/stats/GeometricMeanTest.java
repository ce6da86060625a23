package io.github.ycsbtiers.suite.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The geometric mean and its t interval on logarithms, against values worked out by hand. */
class GeometricMeanTest {
  @Test
  void threeValuesByHand() {
    // ln 1, ln 2, ln 4 = 0, 0.6931, 1.3863: mean ln 2 (geometric mean 2), sd ln 2, standard error
    // ln 2 / sqrt 3 = 0.40019; t(2) = 4.30265 gives a half-width of 1.72187; exp(ln 2 ± 1.72187)
    Interval i = GeometricMean.of(new double[] {1, 2, 4});
    assertEquals(2, i.estimate(), 1e-12);
    assertEquals(0.357462, i.low(), 1e-6);
    assertEquals(11.189997, i.high(), 1e-6);
    assertEquals(3, i.samples());
    assertTrue(i.bounded());
    assertFalse(i.excludes(1), "0.36-11.19 holds 1");
  }

  @Test
  void fiveThroughputs() {
    Interval i = GeometricMean.of(new double[] {820, 800, 850, 790, 900});
    assertEquals(831.07166, i.estimate(), 1e-5);
    assertEquals(778.55197, i.low(), 1e-5);
    assertEquals(887.13423, i.high(), 1e-5);
  }

  @Test
  void pairedRatiosAreOneSample() {
    // rounds 8.1/1.0, 9.0/1.1, 7.6/0.95, 8.4/1.02: ratios 8.1, 8.18, 8.0, 8.24
    Interval r = GeometricMean.ofRatios(new double[] {8.1, 9.0, 7.6, 8.4}, new double[] {1.0, 1.1, 0.95, 1.02});
    assertEquals(8.128792, r.estimate(), 1e-6);
    assertEquals(7.966920, r.low(), 1e-6);
    assertEquals(8.293952, r.high(), 1e-6);
    assertTrue(r.excludes(1));
  }

  @Test
  void fewerThanThreeValuesHaveNoInterval() {
    Interval two = GeometricMean.of(new double[] {4, 9});
    assertEquals(6, two.estimate(), 1e-12);
    assertFalse(two.bounded());
    assertFalse(two.excludes(1), "no interval excludes nothing");
    assertEquals(5, GeometricMean.of(new double[] {5}).estimate(), 1e-12);
    assertNull(GeometricMean.of(new double[0]));
  }

  @Test
  void equalValuesGiveAPointAndNonPositiveOnesNothing() {
    Interval same = GeometricMean.of(new double[] {3, 3, 3});
    assertEquals(3, same.low(), 1e-12);
    assertEquals(3, same.high(), 1e-12);
    assertTrue(same.excludes(1));
    assertNull(GeometricMean.of(new double[] {3, 0, 3}), "no logarithm of 0");
    assertNull(GeometricMean.of(new double[] {3, Double.NaN, 3}));
  }
}
