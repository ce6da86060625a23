package io.github.ycsbtiers.suite.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhaseSelectionTest {
  private static final TargetSpec PMEM = TargetSpec.parse("pmem=tiered,tiered.medium=pmem");

  private static List<String> plan(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of("tier-ratio", "--records", "1000"));
    all.addAll(List.of(args));
    return Scenario.TIER_RATIO.plan(SuiteOptions.fromArgs(all), PMEM, 0).stream()
        .map(p -> p.group() + "/" + p.phase()).toList();
  }

  @Test
  void withoutOnlyEveryPhaseRuns() {
    assertEquals(8, plan().size());
  }

  @Test
  void aRunPhaseKeepsItsGroupsLoad() {
    assertEquals(List.of("1:4/load", "1:4/uniform-read"), plan("--only", "1:4/uniform-read"));
    assertEquals(List.of("7:1/load", "7:1/uniform-read", "1:4/load", "1:4/uniform-read"),
        plan("--only", "uniform-read"));
    assertEquals(List.of("1:4/load", "1:4/uniform-read", "1:4/zipfian-read", "1:4/uniform-update5050"),
        plan("--only", "1:4"));
  }

  @Test
  void itemsAddUpInThePlansOrder() {
    assertEquals(List.of("7:1/load", "7:1/zipfian-read", "1:4/load", "1:4/uniform-read"),
        plan("--only", "1:4/uniform-read,7:1/zipfian-read"));
  }

  @Test
  void aLoadAloneIsChosenByName() {
    assertEquals(List.of("7:1/load"), plan("--only", "7:1/load"));
    assertEquals(List.of("7:1/load", "1:4/load"), plan("--only", "load"));
  }

  @Test
  void anItemThatNamesNoPhaseIsRefusedWithTheChoices() {
    UsageException e = assertThrows(UsageException.class, () -> plan("--only", "1:4/uniform-red"));
    assertTrue(e.getMessage().contains("--only") && e.getMessage().contains("1:4/uniform-red")
        && e.getMessage().contains("groups: 7:1, 1:4") && e.getMessage().contains("uniform-update5050"), e.getMessage());
  }

  @Test
  void malformedListsAreRefusedWhileParsing() {
    for (String bad : List.of("", ",", "1:4/", "/load", "a/b/c", "1:4,,load")) {
      UsageException e = assertThrows(UsageException.class,
          () -> SuiteOptions.fromArgs(List.of("tier-ratio", "--only", bad)), bad);
      assertTrue(e.getMessage().contains("--only") && e.getMessage().contains("GROUP/PHASE"), e.getMessage());
    }
  }
}
