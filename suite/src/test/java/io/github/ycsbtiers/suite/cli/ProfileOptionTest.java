package io.github.ycsbtiers.suite.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --profile}: parsed with the other options, percentages of a curve's capacity, the profiled phase's properties. */
class ProfileOptionTest {
  @Test
  void percentagesAreOfTheCurvesSaturationThroughput() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("tier-ratio", "--curve", "--profile", "ramp 10% 150% 60s, constant 12.5% 5s"));
    assertTrue(o.profile().enabled());
    assertEquals("ramp 4000 60000 60s, constant 5000 5s", o.profile().resolve(40_000));
    assertFalse(SuiteOptions.fromArgs(List.of("tier-ratio")).profile().enabled());
  }

  @Test
  void aProfiledPhaseHasNoTargetNoWarmupAndBothLatencies() {
    PhaseSpec spec = new PhaseSpec("1:4", "uniform-read", false, "workloads/uniform-read", 1000, 5000,
        Map.of("target", "100", "requestdistribution", "uniform"));
    PhaseSpec p = ProfileOption.profiled(spec, "ramp 100 1000 10s", true);
    assertEquals("uniform-read @profile", p.phase());
    assertEquals(Map.of("requestdistribution", "uniform", "target.profile", "ramp 100 1000 10s", "warmuptime", "0",
        "measurement.interval", "both"), p.properties());
    assertEquals("uniform-read", ProfileOption.profiled(spec, "constant 1 1s", false).phase());
  }

  @Test
  void whatAProfileCannotGoWithIsRefused() {
    assertTrue(assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of("tier-ratio", "--profile",
        "constant 100 10s", "--min-seconds", "5"))).getMessage().contains("not with --min-seconds"));
    assertTrue(assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of("flash-hit", "--profile",
        "constant 100 10s", "--slo", "p99<2ms"))).getMessage().contains("not with --slo alone"));
    // flash-hit searches by default; a profile replaces the search
    assertEquals(null, SuiteOptions.fromArgs(List.of("flash-hit", "--profile", "constant 100 10s")).slo());
  }
}
