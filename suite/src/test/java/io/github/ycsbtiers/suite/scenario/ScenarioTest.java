package io.github.ycsbtiers.suite.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioTest {
  private static final TargetSpec PMEM = TargetSpec.parse("pmem=tiered,tiered.medium=pmem");
  private static final TargetSpec REDIS = TargetSpec.parse("r=redis,redis.host=h");

  private static SuiteOptions options(String... args) {
    return SuiteOptions.fromArgs(List.of(args));
  }

  @Test
  void tierRatioIsFourPhasesAtEachRatioWithThePapersOperationCounts() {
    List<PhaseSpec> plan = Scenario.TIER_RATIO.plan(options("tier-ratio", "--records", "32000"), PMEM, 0);
    assertEquals(8, plan.size());
    assertEquals(List.of("load", "uniform-read", "zipfian-read", "uniform-update5050"),
        plan.subList(0, 4).stream().map(PhaseSpec::phase).toList());
    assertEquals("7:1", plan.get(0).group());
    assertEquals("7:1", plan.get(1).properties().get("tiered.ratio"));
    assertEquals(32000, plan.get(1).operationCount());
    assertEquals("1:4", plan.get(4).group());
    assertEquals("1:4", plan.get(5).properties().get("tiered.ratio"));
    assertEquals(1000, plan.get(5).operationCount());
    assertEquals(32000, plan.get(4).operations(), "a Load inserts recordcount records");
    assertEquals("100", plan.get(0).properties().get("fieldlength"));
    assertEquals("workloads/zipfian-read", plan.get(2).workload());
  }

  @Test
  void minOperationsRaisesOnlyRunPhasesBelowIt() {
    List<PhaseSpec> plan = Scenario.TIER_RATIO.plan(
        options("tier-ratio", "--records", "32000", "--min-operations", "5000"), PMEM, 0);
    assertEquals(32000, plan.get(1).operationCount(), "7:1 runs recordcount, above the floor");
    assertEquals(5000, plan.get(5).operationCount(), "1:4's recordcount / 32 (1000) raised to the floor");
    assertEquals(32000, plan.get(4).operations(), "a Load still inserts recordcount records");
    List<PhaseSpec> exact = Scenario.TIER_RATIO.plan(
        options("tier-ratio", "--records", "32000", "--min-operations", "5000", "--operations", "10"), PMEM, 0);
    assertEquals(10, exact.get(5).operationCount(), "--operations is taken as given");
  }

  @Test
  void aRemoteTargetIsSizedFromItsMemoryAndTheRatio() {
    List<PhaseSpec> plan = Scenario.TIER_RATIO.plan(options("tier-ratio", "--memory", "1g"), REDIS, 0);
    long perRecord = Scenario.KEY_BYTES + 100;
    assertEquals((long) ((1L << 30) / 7.0 / perRecord), plan.get(0).recordCount());
    assertEquals((1L << 30) * 4 / perRecord, plan.get(4).recordCount());
    assertEquals(plan.get(4).recordCount() / 32, plan.get(5).operationCount());
    assertTrue(plan.get(0).properties().get("tiered.ratio") == null);
    // without --memory, INFO maxmemory sizes it
    assertEquals(plan.get(4).recordCount(),
        Scenario.TIER_RATIO.plan(options("tier-ratio"), REDIS, 1L << 30).get(4).recordCount());
  }

  @Test
  void aRemoteTargetWithoutMemoryOrRecordsIsRefused() {
    String message = assertThrows(UsageException.class,
        () -> Scenario.TIER_RATIO.plan(options("tier-ratio"), REDIS, 0)).getMessage();
    assertTrue(message.contains("give --memory"), message);
  }

  @Test
  void propertiesTheScenarioSetsAreRefusedOnATarget() {
    assertThrows(UsageException.class, () -> Scenario.TIER_RATIO.plan(options("tier-ratio"),
        TargetSpec.parse("p=tiered,tiered.ratio=1:1"), 0));
    assertThrows(UsageException.class, () -> Scenario.VALUE_SIZE.plan(options("value-size"),
        TargetSpec.parse("p=tiered,recordcount=5"), 0));
  }

  @Test
  void valueSizeLoadsTheSameDataAtEverySize() {
    List<PhaseSpec> plan = Scenario.VALUE_SIZE.plan(options("value-size", "--data", "1m"), PMEM, 0);
    assertEquals(15, plan.size());
    assertEquals(List.of("128 B", "256 B", "1024 B", "2048 B", "4096 B"),
        plan.stream().filter(PhaseSpec::load).map(PhaseSpec::group).toList());
    PhaseSpec c = plan.get(1);
    assertEquals("workloads/workloadc", c.workload());
    assertEquals("zipfian", c.properties().get("requestdistribution"));
    assertEquals("1", c.properties().get("fieldcount"));
    assertEquals((1 << 20) / (Scenario.KEY_BYTES + 128), plan.get(0).recordCount());
    assertEquals((1 << 20) / (Scenario.KEY_BYTES + 4096), plan.get(12).recordCount());
    assertEquals("7:1", c.properties().get("tiered.ratio"));
  }
}
