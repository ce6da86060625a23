package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NormalQuantileTest {

  @Test
  void knownQuantiles() {
    assertEquals(0.0, NormalQuantile.quantile(0.5), 1e-12);
    assertEquals(1.959963984540054, NormalQuantile.quantile(0.975), 1e-9);
    assertEquals(1.439531470938456, NormalQuantile.quantile(0.925), 1e-9);
    assertEquals(0.674489750196082, NormalQuantile.quantile(0.75), 1e-9);
    assertEquals(-2.326347874040841, NormalQuantile.quantile(0.01), 1e-9);
    assertEquals(4.753424308822899, NormalQuantile.quantile(1 - 1e-6), 1e-7);
  }

  @Test
  void knownCdfValues() {
    assertEquals(0.5, NormalQuantile.cdf(0), 1e-15);
    assertEquals(0.8413447460685429, NormalQuantile.cdf(1), 1e-12);
    assertEquals(0.15865525393145707, NormalQuantile.cdf(-1), 1e-12);
    assertEquals(0.9986501019683699, NormalQuantile.cdf(3), 1e-12);
    assertEquals(2.866515718791939e-7, NormalQuantile.cdf(-5), 1e-15);
  }

  @Test
  void refusesProbabilitiesOutsideTheOpenInterval() {
    assertThrows(IllegalArgumentException.class, () -> NormalQuantile.quantile(0));
    assertThrows(IllegalArgumentException.class, () -> NormalQuantile.quantile(1));
    assertThrows(IllegalArgumentException.class, () -> NormalQuantile.quantile(Double.NaN));
  }
}
