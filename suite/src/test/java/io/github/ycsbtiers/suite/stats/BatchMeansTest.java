package io.github.ycsbtiers.suite.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Batch lengths chosen by the lag-1 autocorrelation of the batch means. */
class BatchMeansTest {
  @Test
  void lag1ByHand() {
    // 1, 2, 3, 4 about 2.5: products (-1.5)(-0.5) + (-0.5)(0.5) + (0.5)(1.5) = 1.25, squares 5
    assertEquals(0.25, BatchMeans.lag1(List.of(new double[] {1, 2, 3, 4})), 1e-12);
    // alternating: 1, -1, 1, -1 about 0: products -3, squares 4
    assertEquals(-0.75, BatchMeans.lag1(List.of(new double[] {1, -1, 1, -1})), 1e-12);
    assertEquals(0, BatchMeans.lag1(List.of(new double[] {5, 5, 5})), 0, "flat");
  }

  @Test
  void uncorrelatedSecondsStayAsTheyAre() {
    double[] a = {10, 12, 9, 11, 10, 12, 9, 11};
    double[] b = {20, 18, 21, 19, 20, 18, 21, 19};
    BatchMeans.Batches r = BatchMeans.of(List.of(a), List.of(b));
    assertNull(r.failure());
    assertEquals(1, r.seconds());
    assertArrayEquals(a, r.a(), 0);
    assertTrue(r.autocorrelation() <= BatchMeans.MAX_AUTOCORRELATION);
  }

  @Test
  void slowEpisodesWidenTheBatches() {
    // episodes of 4 seconds: lag 1 of the seconds 0.56 (36 / 64), of their 2-second means 0.125 (4 / 32)
    double[] a = {10, 10, 10, 10, 14, 14, 14, 14, 10, 10, 10, 10, 14, 14, 14, 14};
    double[] b = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      b[i] = a[i] + 10;
    }
    assertEquals(0.5625, BatchMeans.lag1(List.of(a)), 1e-12);
    BatchMeans.Batches r = BatchMeans.of(List.of(a), List.of(b));
    assertNull(r.failure());
    assertEquals(2, r.seconds());
    assertEquals(0.125, r.autocorrelation(), 1e-12);
    assertArrayEquals(new double[] {10, 10, 14, 14, 10, 10, 14, 14}, r.a(), 0);
    assertEquals(8, r.b().length);
  }

  @Test
  void batchesNeverSpanTwoProcessesAndPartialOnesAreDropped() {
    List<double[]> means = BatchMeans.batch(List.of(new double[] {1, 3, 5}, new double[] {7, 9, 11, 13}), 2);
    assertArrayEquals(new double[] {2}, means.get(0), 0);
    assertArrayEquals(new double[] {8, 12}, means.get(1), 0);
  }

  @Test
  void aTrendLeavesTooFewBatches() {
    double[] a = {1, 2, 3, 4, 5, 6, 7, 8};
    BatchMeans.Batches r = BatchMeans.of(List.of(a), List.of(a.clone()));
    assertNotNull(r.failure());
    assertEquals(0, r.seconds());
    assertTrue(r.failure().contains("fewer than 4 batches a side"), r.failure());
    assertTrue(BatchMeans.of(List.of(new double[] {1, 2, 3}), List.of(a)).failure().contains("3 and 8 measured"));
  }
}
