package io.github.ycsbtiers.runner.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZipfianZetaTest {

  /** Exact zeta by compensated summation, smallest terms first. */
  static double exact(long n, double theta) {
    double sum = 0;
    double carry = 0;
    for (long i = n; i >= 1; i--) {
      double y = Math.pow(i, -theta) - carry;
      double t = sum + y;
      carry = (t - sum) - y;
      sum = t;
    }
    return sum;
  }

  @ParameterizedTest(name = "n={0} theta={1}")
  @CsvSource({"1000000,0.99", "10000000,0.99", "1000000,0.5", "10000000,0.5", "1025,0.99", "1030,0.5",
      "5000,1.0", "5000,1.5", "2000000,0.2"})
  void matchesExactSummation(long n, double theta) {
    double expected = exact(n, theta);
    double actual = new ZipfianZeta(theta).value(n);
    double relativeError = Math.abs(actual - expected) / expected;
    assertTrue(relativeError < 1e-14, "n=" + n + " theta=" + theta + " relative error " + relativeError);
  }

  @Test
  void smallCountsAreExactPrefixSums() {
    ZipfianZeta zeta = new ZipfianZeta(0.99);
    assertEquals(0, zeta.value(0));
    assertEquals(1, zeta.value(1));
    assertEquals(1 + Math.pow(2, -0.99), zeta.value(2), 1e-15);
    for (int n : new int[] {10, 100, ZipfianZeta.EXACT_TERMS}) {
      assertEquals(exact(n, 0.99), zeta.value(n), 1e-13);
    }
  }

  @Test
  void agreesWithCorePrecomputedZetaForTenBillionItems() {
    // site.ycsb.generator.ScrambledZipfianGenerator.ZETAN: zeta(1e10, 0.99), summed term by term
    double core = site.ycsb.generator.ScrambledZipfianGenerator.ZETAN;
    double ours = new ZipfianZeta(0.99).value(site.ycsb.generator.ScrambledZipfianGenerator.ITEM_COUNT);
    assertEquals(core, ours, core * 1e-9);
  }

  @Test
  void isMonotoneAcrossTheExactTermsBoundary() {
    ZipfianZeta zeta = new ZipfianZeta(0.99);
    double previous = 0;
    for (long n = 1; n < 3 * ZipfianZeta.EXACT_TERMS; n++) {
      double v = zeta.value(n);
      assertTrue(v > previous, "zeta(" + n + ") = " + v + " not above zeta(" + (n - 1) + ") = " + previous);
      previous = v;
    }
  }

  @Test
  void isConstantTimeForHugeCounts() {
    ZipfianZeta zeta = new ZipfianZeta(0.99);
    long st = System.nanoTime();
    double sum = 0;
    for (long n = 4_000_000_000L; n < 4_000_100_000L; n++) {
      sum += zeta.value(n);
    }
    long millis = (System.nanoTime() - st) / 1_000_000;
    assertTrue(sum > 0);
    assertTrue(millis < 1000, "100,000 evaluations took " + millis + " ms");
  }

  @Test
  void rejectsNonPositiveTheta() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfianZeta(0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianZeta(Double.NaN));
  }
}
