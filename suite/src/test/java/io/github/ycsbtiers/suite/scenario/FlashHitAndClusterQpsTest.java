package io.github.ycsbtiers.suite.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlashHitAndClusterQpsTest {
  private static final TargetSpec PMEM = TargetSpec.parse("pmem=tiered,tiered.medium=pmem");
  private static final TargetSpec REDIS = TargetSpec.parse("r=redis,redis.host=h");
  private static final TargetSpec CLUSTER = TargetSpec.parse("c=redis,redis.host=h:7000,redis.cluster=true");

  private static SuiteOptions options(String... args) {
    return SuiteOptions.fromArgs(List.of(args));
  }

  @Test
  void flashHitIsALoadAndThreeMixesPerHitTarget() {
    List<PhaseSpec> plan = Scenario.FLASH_HIT.plan(options("flash-hit", "--records", "1000"), PMEM, 0);
    assertEquals(List.of("load", "set:get 1:1", "set:get 4:1", "set:get 1:4", "load", "set:get 1:1", "set:get 4:1",
        "set:get 1:4"), plan.stream().map(PhaseSpec::phase).toList());
    assertEquals("50% hit", plan.get(0).group());
    assertEquals("85% hit", plan.get(4).group());
    PhaseSpec writeHeavy = plan.get(6);
    assertEquals("0.8", writeHeavy.properties().get("updateproportion"));
    assertEquals("0.2", writeHeavy.properties().get("readproportion"));
    assertEquals("gaussian", writeHeavy.properties().get("requestdistribution"));
    assertEquals("0.85", writeHeavy.properties().get("gaussian.hitratio"));
    assertEquals("0.2", writeHeavy.properties().get("gaussian.hotshare"));
    assertEquals("1:5", writeHeavy.properties().get("tiered.ratio"));
    assertEquals("1024", writeHeavy.properties().get("fieldlength"));
    assertEquals(1000, writeHeavy.operationCount());
  }

  @Test
  void flashHitSizesARemoteTargetAtFiveTimesItsMemoryAndTimeBoundsOnRequest() {
    List<PhaseSpec> plan = Scenario.FLASH_HIT.plan(options("flash-hit", "--memory", "1g", "--hit-targets", "85",
        "--set-get", "1:1", "--duration", "30"), REDIS, 0);
    assertEquals(2, plan.size());
    assertEquals((long) ((1L << 30) * 5.0 / (Scenario.KEY_BYTES + 1024)), plan.get(0).recordCount());
    assertEquals(0, plan.get(1).operationCount());
    assertEquals("30", plan.get(1).properties().get("maxexecutiontime"));
    assertFalse(plan.get(1).properties().containsKey("tiered.ratio"));
    assertThrows(UsageException.class, () -> Scenario.FLASH_HIT.plan(options("flash-hit"),
        TargetSpec.parse("p=tiered,tiered.ratio=1:4"), 0));
    assertThrows(UsageException.class, () -> Scenario.FLASH_HIT.plan(options("flash-hit"),
        TargetSpec.parse("p=tiered,gaussian.stddev=5"), 0));
  }

  @Test
  void aSetGetRatioReadsItsNumbersByTheOneRule() {
    assertEquals(new SetGet(10, 1), SetGet.parse(" 1_0:1 "), "underscores between digits, as every number");
    for (String bad : List.of("4", "4:1:1", "a:1", "-1:1", "1000000:1", "0:0", "1.5:1")) {
      assertThrows(IllegalArgumentException.class, () -> SetGet.parse(bad), bad);
    }
  }

  @Test
  void clusterQpsIsTimeBoundedSetGetOnTheAsyncEngineAgainstClustersOnly() {
    SuiteOptions o = options("cluster-qps");
    assertEquals(200, o.threads(), "10 x 20 in flight");
    List<PhaseSpec> plan = Scenario.CLUSTER_QPS.plan(o, CLUSTER, 0);
    assertEquals(2, plan.size());
    PhaseSpec run = plan.get(1);
    assertEquals("0.5", run.properties().get("readproportion"));
    assertEquals("0.5", run.properties().get("updateproportion"));
    assertEquals("32", run.properties().get("fieldlength"));
    assertEquals("async", run.properties().get("runner.engine"));
    assertEquals("60", run.properties().get("maxexecutiontime"));
    assertEquals(0, run.operationCount());
    assertEquals("15", Scenario.CLUSTER_QPS.plan(options("cluster-qps", "--duration", "15"), CLUSTER, 0).get(1)
        .properties().get("maxexecutiontime"));
    assertEquals(8, options("cluster-qps", "--threads", "8").threads());
    UsageException e = assertThrows(UsageException.class, () -> Scenario.CLUSTER_QPS.plan(o, REDIS, 0));
    assertTrue(e.getMessage().contains("redis.cluster=true"), e.getMessage());
    assertThrows(UsageException.class, () -> Scenario.CLUSTER_QPS.plan(o, PMEM, 0));
  }
}
