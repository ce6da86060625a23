package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RampOptionsTest {
  private static String error(String... args) {
    return assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of(args))).getMessage();
  }

  @Test
  void offByDefaultAndTheDefaultsWhenOn() {
    assertFalse(SuiteOptions.fromArgs(List.of("tier-ratio")).ramp().enabled());
    RampOptions r = SuiteOptions.fromArgs(List.of("tier-ratio", "--connections", "auto")).ramp();
    assertTrue(r.enabled());
    assertEquals(0.10, r.growth(), 1e-12);
    assertEquals(256, r.maxClients());
    assertEquals(5, r.stepSeconds());
    assertEquals(9, r.maxSteps(), "1, 2, 4, ..., 256");
  }

  @Test
  void settingsAreParsed() {
    RampOptions r = SuiteOptions.fromArgs(List.of("tier-ratio", "--connections", "auto", "--ramp-growth", "25%",
        "--ramp-max", "6", "--ramp-seconds", "2")).ramp();
    assertEquals(0.25, r.growth(), 1e-12);
    assertEquals(6, r.maxClients());
    assertEquals(4, r.maxSteps(), "1, 2, 4, 6");
    assertEquals(2, r.stepSeconds());
  }

  @Test
  void refusedCombinations() {
    assertEquals("--ramp-max 4: only together with --connections auto", error("tier-ratio", "--ramp-max", "4"));
    assertTrue(error("tier-ratio", "--connections", "auto", "--threads", "8").startsWith("--threads 8: --connections"
        + " auto finds the count"));
    assertTrue(error("tier-ratio", "--connections", "32").startsWith("--connections 32: auto"));
  }
}
