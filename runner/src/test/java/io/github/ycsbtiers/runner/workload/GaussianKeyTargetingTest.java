package io.github.ycsbtiers.runner.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions.RequestDistribution;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.generator.AcknowledgedCounterGenerator;

/** {@code requestdistribution=gaussian} through the options and the key chooser, as a run draws keys. */
class GaussianKeyTargetingTest {
  private static final WorkloadRandom random = new WorkloadRandom(14);
  private static final int DRAWS = 1_000_000;

  @Test
  void hitRatioTargetPutsThatShareInTheMiddleKeys() {
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "1000000",
        "requestdistribution", "gaussian", "gaussian.hitratio", "0.85", "gaussian.hotshare", "0.2"));
    assertEquals(RequestDistribution.GAUSSIAN, o.requestDistribution());
    // (0.2 / 2 x 1e6) / z(0.925) = 100000 / 1.4395314709
    assertEquals(69467.0, o.gaussian().stddev(), 0.1);
    assertEquals(499_999, o.gaussian().mean());
    assertEquals(0.85, middleShare(o, 0.2), 0.01);
  }

  @Test
  void halfHitRatioToo() {
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "1000000",
        "requestdistribution", "gaussian", "gaussian.hitratio", "0.5"));
    assertEquals(0.5, middleShare(o, 0.2), 0.01);
  }

  @Test
  void thePapersAbsoluteFiguresGiveEightySevenPointFourPercent() {
    // memtier --key-minimum=0 --key-maximum=771141855 --key-stddev=50358491 (mean: the middle)
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "771141856",
        "requestdistribution", "gaussian", "gaussian.stddev", "50358491"));
    assertEquals(50_358_491, o.gaussian().stddev());
    assertEquals(0.874, GaussianKeyOptions.shareWithin(0.1 * 771_141_856, 50_358_491), 0.0005);
    assertEquals(0.874, middleShare(o, 0.2), 0.01);
    String line = o.gaussian().describe(0, 771_141_855);
    assertTrue(line.contains("stddev 50358491.0 key numbers") && line.contains("87.43%"), line);
  }

  @Test
  void fractionsAndKeyNumbersAreToldApartByTheDecimalPoint() {
    CoreWorkloadOptions f = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "1000",
        "requestdistribution", "gaussian", "gaussian.mean", "0.25", "gaussian.stddev", "0.1"));
    assertEquals(250, f.gaussian().mean());
    assertEquals(100.0, f.gaussian().stddev(), 1e-9);
    CoreWorkloadOptions k = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "1000",
        "requestdistribution", "gaussian", "gaussian.mean", "1", "gaussian.stddev", "1"));
    assertEquals(1, k.gaussian().mean());
    assertEquals(1.0, k.gaussian().stddev());
    CoreWorkloadOptions d = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "600",
        "requestdistribution", "gaussian"));
    assertEquals(299, d.gaussian().mean());
    assertEquals(100.0, d.gaussian().stddev(), 1e-9);
    assertNull(CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "600")).gaussian());
  }

  @Test
  void drawsStayInTheLoadSliceAboveTwoToThe31() {
    CoreWorkloadOptions o = CoreWorkloadOptions.fromProperties(Fixtures.props("recordcount", "10000000000",
        "insertstart", "6000000000", "insertcount", "4000000000", "requestdistribution", "gaussian",
        "gaussian.hitratio", "0.5"));
    assertEquals(7_999_999_999L, o.gaussian().mean());
    KeyChooser keys = new KeyChooser(o, new AcknowledgedCounterGenerator(o.recordCount()));
    for (int i = 0; i < 100_000; i++) {
      long k = keys.next(random);
      assertTrue(k >= 6_000_000_000L && k <= 9_999_999_999L, "drew " + k);
    }
  }

  @Test
  void badValuesNameThePropertyAndWhatIsAllowed() {
    assertBad("gaussian.stddev", "0", "above 0", "gaussian.stddev", "0");
    assertBad("gaussian.stddev", "-0.5", "above 0", "gaussian.stddev", "-0.5");
    assertBad("gaussian.stddev", "0.0", "above 0", "gaussian.stddev", "0.0");
    assertBad("gaussian.hitratio", "1", "less than 1", "gaussian.hitratio", "1");
    assertBad("gaussian.hitratio", "0", "greater than 0", "gaussian.hitratio", "0");
    assertBad("gaussian.hitratio", "1.5", "less than 1", "gaussian.hitratio", "1.5");
    assertBad("gaussian.hotshare", "0", "greater than 0", "gaussian.hitratio", "0.85", "gaussian.hotshare", "0");
    assertBad("gaussian.hotshare", "0.2", "only together with gaussian.hitratio", "gaussian.hotshare", "0.2");
    assertBad("gaussian.stddev", "0.1", "not together with gaussian.hitratio",
        "gaussian.hitratio", "0.85", "gaussian.stddev", "0.1");
    assertBad("gaussian.mean", "1.5", "fraction of the range from 0.0 to 1.0", "gaussian.mean", "1.5");
    assertBad("gaussian.mean", "1000", "a key number from 0 to 999", "gaussian.mean", "1000");
    assertBad("gaussian.mean", "middle", "a key number", "gaussian.mean", "middle");
  }

  private static void assertBad(String property, String value, String allowed, String... extra) {
    String[] kv = new String[extra.length + 4];
    kv[0] = "recordcount";
    kv[1] = "1000";
    kv[2] = "requestdistribution";
    kv[3] = "gaussian";
    System.arraycopy(extra, 0, kv, 4, extra.length);
    PropertyException e = assertThrows(PropertyException.class, () -> CoreWorkloadOptions.fromProperties(Fixtures.props(kv)));
    assertTrue(e.getMessage().contains("'" + property + "'") && e.getMessage().contains("'" + value + "'")
        && e.getMessage().contains(allowed), e.getMessage());
  }

  /** The share of the chooser's draws within the middle {@code share} of the load range. */
  private static double middleShare(CoreWorkloadOptions o, double share) {
    KeyChooser keys = new KeyChooser(o, new AcknowledgedCounterGenerator(o.recordCount()));
    double first = o.insertStart();
    double range = o.insertCount();
    double low = first + range * (1 - share) / 2;
    double high = first + range * (1 + share) / 2;
    int in = 0;
    for (int i = 0; i < DRAWS; i++) {
      long k = keys.next(random);
      in += k >= low && k < high ? 1 : 0;
    }
    return in / (double) DRAWS;
  }
}
