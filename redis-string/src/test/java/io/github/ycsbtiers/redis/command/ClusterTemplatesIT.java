package io.github.ycsbtiers.redis.command;

import static io.github.ycsbtiers.redis.command.TemplateRuns.assertCompleted;
import static io.github.ycsbtiers.redis.command.TemplateRuns.assertRefused;
import static io.github.ycsbtiers.redis.command.TemplateRuns.calls;
import static io.github.ycsbtiers.redis.command.TemplateRuns.ycsb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisClusterExtension;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The TairRoaring workloads on the harness's three-master Redis Cluster: each SETBIT on the node
 * of its key's slot, MULTI/EXEC batches of ten on the node of their one key, over Jedis and over
 * Lettuce (async engine); a batch that would span slots is refused before the run.
 */
class ClusterTemplatesIT {
  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters();

  @BeforeEach
  void empty() {
    redis.cluster().flushAll();
    redis.cluster().resetStats();
  }

  private static List<String> target(String client) {
    RedisCluster c = redis.cluster();
    return List.of("-p", "redis.host=" + c.seeds().get(0) + "," + c.seeds().get(1), "-p", "redis.cluster=true",
        "-p", "redis.client=" + client, "-p", "runner.engine=auto", "-threads", "4", "-p", "rand.range=200");
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void setbitReachesEveryNode(String client) {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit", target(client), "-p", "operationcount=1000");
    assertCompleted(run);
    assertEquals(1000L, calls(redis.cluster().commandCalls(), "setbit"));
    long keys = 0;
    for (RedisServer node : redis.cluster().nodes()) {
      long onNode = Long.parseLong(node.cli("DBSIZE"));
      assertTrue(onNode > 0, "no key on " + node);
      keys += onNode;
    }
    assertTrue(keys <= 200, "keys: " + keys);
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void multi10RunsTransactionsOnTheKeysNode(String client) {
    int batches = 200;
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target(client), "-p", "operationcount=" + batches);
    assertCompleted(run);
    Map<String, Long> calls = redis.cluster().commandCalls();
    assertEquals(batches, calls(calls, "multi"), calls.toString());
    assertEquals(batches, calls(calls, "exec"), calls.toString());
    assertEquals(10L * batches, calls(calls, "setbit"), calls.toString());
    assertEquals(batches, run.count("SETBIT-MULTI10", "Return=OK"), run.out());
    for (RedisServer node : redis.cluster().nodes()) {
      assertTrue(node.commandCalls().getOrDefault("exec", 0L) > 0, "no transaction on " + node);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jedis", "lettuce"})
  void pipelinedBatchesStayOnTheKeysNode(String client) {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target(client), "-p", "operationcount=100",
        "-p", "template.setbit-multi10.batch.mode=pipeline");
    assertCompleted(run);
    Map<String, Long> calls = redis.cluster().commandCalls();
    assertEquals(0L, calls(calls, "exec"), calls.toString());
    assertEquals(1000L, calls(calls, "setbit"), calls.toString());
    assertEquals(1000L, run.count("COMMANDS", "Commands"), run.out());
  }

  @Test
  void aBatchOverSeveralSlotsIsRefusedBeforeTheRun() {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target("jedis"),
        "-p", "template.setbit-multi10.batch.key=each");
    assertRefused(run, "template.setbit-multi10.batch.key");
    assertTrue(run.err().contains("Cluster"), run.err());
    assertEquals(0L, calls(redis.cluster().commandCalls(), "setbit"));
  }

  /** A fixed hash tag keeps every key of a batch on one slot: allowed with a key per command. */
  @Test
  void aHashTagKeepsABatchOnOneSlot() {
    YcsbProcess.Result run = ycsb("run", "bitmap-setbit-multi10", target("lettuce"), "-p", "operationcount=100",
        "-p", "template.setbit-multi10.batch.key=each",
        "-p", "template.setbit-multi10.command=SETBIT {bm}-__RAND__ __RAND2__ 1");
    assertCompleted(run);
    Map<String, Long> calls = redis.cluster().commandCalls();
    assertEquals(100L, calls(calls, "exec"), calls.toString());
    assertEquals(1000L, calls(calls, "setbit"), calls.toString());
  }
}
