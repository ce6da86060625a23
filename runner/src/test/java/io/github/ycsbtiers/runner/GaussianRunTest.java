package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code requestdistribution=gaussian} in whole phases: the chosen deviation is printed; bad values exit 2. */
class GaussianRunTest {
  private static final String WORKLOADC = Path.of("..", "workloads", "workloadc").toString();

  @Test
  void theChosenDeviationIsPrinted() {
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("run", "basic", "-P", WORKLOADC, "-p", "recordcount=1000000",
        "-p", "operationcount=1000", "-p", "requestdistribution=gaussian", "-p", "gaussian.hitratio=0.85");
    assertEquals(0, o.status, o.err);
    assertTrue(o.err.contains("requestdistribution=gaussian: keys 0..999999, mean 499999 (the middle of the range), "
        + "stddev 69467.0 key numbers"), o.err);
    assertTrue(o.err.contains("85.00% of the draws fall in the middle 20% of the keys"), o.err);
  }

  @Test
  void badDeviationOrHitRatioExitsTwoWithOneLine() {
    for (String bad : new String[] {"gaussian.stddev=0", "gaussian.hitratio=1", "gaussian.hitratio=-0.2"}) {
      RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("run", "basic", "-P", WORKLOADC, "-p", "recordcount=1000",
          "-p", "requestdistribution=gaussian", "-p", bad);
      assertEquals(2, o.status, o.err);
      String errors = o.errorLines();
      assertEquals(1, errors.split("\n").length, errors);
      assertTrue(errors.contains("'" + bad.substring(0, bad.indexOf('=')) + "'"), errors);
      assertFalse(o.out.contains("[OVERALL]"));
      assertFalse(o.err.contains("Starting test."), o.err);
    }
  }
}
