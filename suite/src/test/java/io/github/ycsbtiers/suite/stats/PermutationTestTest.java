package io.github.ycsbtiers.suite.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Exact permutation p-values, counted by hand for small samples. */
class PermutationTestTest {
  @Test
  void interleavedSamplesByHand() {
    // {1..6} split 3+3: mean difference (2 sumA - 21) / 3, observed |1 - ... | = 1 for {1,3,5};
    // 3-subsets summing to <= 9 (7 of them) or >= 12 (7): 14 of 20
    PermutationTest.Result r = PermutationTest.test(new double[] {1, 3, 5}, new double[] {2, 4, 6});
    assertEquals(0.7, r.p(), 1e-12);
    assertEquals(20, r.splits(), 0);
    assertTrue(r.exact());
    assertEquals(1, r.difference(), 1e-12, "new minus old");
    assertEquals(0.1, r.smallestP(), 1e-12, "3+3 can never reach 5%");
  }

  @Test
  void separatedSamplesReachTheSmallestP() {
    // only the observed split and its mirror are as extreme: 2 of C(8,4) = 70
    PermutationTest.Result four = PermutationTest.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8});
    assertEquals(2 / 70.0, four.p(), 1e-12);
    assertEquals(four.smallestP(), four.p(), 1e-12);
    // unequal sizes: 1 of C(9,5) = 126
    PermutationTest.Result odd = PermutationTest.test(new double[] {10, 12, 11, 13, 9}, new double[] {20, 22, 19, 25});
    assertEquals(1 / 126.0, odd.p(), 1e-12);
    assertEquals(10.5, odd.difference(), 1e-12, "86 / 4 - 55 / 5");
  }

  @Test
  void unequalSizesOverlapping() {
    // counted over all 35 splits of 4+3
    assertEquals(6 / 35.0, PermutationTest.test(new double[] {3.2, 1.1, 4.5, 2.2}, new double[] {2.9, 6.1, 5.0}).p(),
        1e-12);
  }

  @Test
  void identicalSamplesAreNeverSignificant() {
    double[] a = {5, 7, 6, 9};
    assertEquals(1, PermutationTest.test(a, a.clone()).p(), 0);
    double[] big = new double[30];
    for (int i = 0; i < big.length; i++) {
      big[i] = 100 + (i * 37 % 11);
    }
    PermutationTest.Result random = PermutationTest.test(big, big.clone());
    assertFalse(random.exact(), "C(60,30) splits are sampled");
    assertEquals(1, random.p(), 0);
  }

  @Test
  void largeSamplesAreSampledReproducibly() {
    double[] a = new double[25];
    double[] b = new double[25];
    for (int i = 0; i < 25; i++) {
      a[i] = 100 + (i * 7 % 13);
      b[i] = 130 + (i * 5 % 13);
    }
    PermutationTest.Result r = PermutationTest.test(a, b);
    assertFalse(r.exact());
    assertEquals(1 / (PermutationTest.RANDOM_SPLITS + 1.0), r.p(), 1e-12, "no random split is as extreme");
    assertEquals(r.p(), PermutationTest.test(a, b).p(), 0, "the same seed, the same p");
  }

  @Test
  void choose() {
    assertEquals(184_756, PermutationTest.choose(20, 10), 0);
    assertEquals(1, PermutationTest.choose(2, 0), 0);
  }
}
