package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

class CurveOptionsTest {

  private static String error(String... args) {
    return assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of(args))).getMessage();
  }

  @Test
  void noCurveByDefault() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("tier-ratio"));
    assertFalse(o.curve().enabled());
    assertEquals(List.of(), o.curve().fractions());
  }

  @Test
  void curveWithoutAListTakesTheDefaultStepsWhereverItStands() {
    for (List<String> args : List.of(List.of("tier-ratio", "--curve"), List.of("--curve", "tier-ratio"),
        List.of("tier-ratio", "--curve", "--threads", "4"))) {
      SuiteOptions o = SuiteOptions.fromArgs(args);
      assertEquals(Scenario.TIER_RATIO, o.scenario(), args.toString());
      assertEquals(List.of(0.1, 0.25, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0), o.curve().fractions(), args.toString());
      assertEquals(2.0, o.curve().kneeFactor());
      assertTrue(o.curve().stepSeconds().isEmpty());
    }
  }

  @Test
  void aListIsPercentagesSortedAscending() {
    SuiteOptions o = SuiteOptions.fromArgs(List.of("--curve", "90,20%,50", "tier-ratio", "--curve-knee", "1.5",
        "--curve-seconds", "3"));
    assertEquals(List.of(0.2, 0.5, 0.9), o.curve().fractions());
    assertEquals(1.5, o.curve().kneeFactor());
    assertEquals(3, o.curve().stepSeconds().getAsLong());
  }

  @Test
  void badListsNameTheFlagAndTheValue() {
    assertTrue(error("tier-ratio", "--curve", "0,50").startsWith("--curve 0,50: '0' is outside (0, 100]"),
        error("tier-ratio", "--curve", "0,50"));
    assertTrue(error("tier-ratio", "--curve", "50,101").startsWith("--curve 50,101: '101' is outside (0, 100]"));
    assertTrue(error("tier-ratio", "--curve", "-5").startsWith("--curve -5: '-5' is outside"));
    assertTrue(error("tier-ratio", "--curve", "ten").startsWith("--curve ten: 'ten' is not a number"));
    assertTrue(error("tier-ratio", "--curve", "10,,20").startsWith("--curve 10,,20: '' is not a number"));
    assertTrue(error("tier-ratio", "--curve", "50,50").startsWith("--curve 50,50: '50' is given twice"));
    assertTrue(error("tier-ratio", "--curve", "NaN").startsWith("--curve NaN: 'NaN' is not a number"));
  }

  @Test
  void curveSettingsNeedACurveAndOneRound() {
    assertEquals("--curve-knee 3: only together with --curve", error("tier-ratio", "--curve-knee", "3"));
    assertEquals("--curve-seconds 3: only together with --curve", error("tier-ratio", "--curve-seconds", "3"));
    assertTrue(error("tier-ratio", "--curve", "--curve-knee", "1").startsWith("--curve-knee 1: a factor above 1"));
    assertTrue(error("tier-ratio", "--curve", "--rounds", "2").startsWith("--rounds 2: a capacity curve"));
  }
}
