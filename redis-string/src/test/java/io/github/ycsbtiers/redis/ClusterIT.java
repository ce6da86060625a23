package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.junit.jupiter.params.provider.EnumSource;

/** A Redis Cluster of three masters, reached through a seed list of two of them. */
class ClusterIT {
  @RegisterExtension
  static final RedisClusterExtension redis = RedisClusterExtension.threeMasters();

  @BeforeEach
  void empty() {
    redis.cluster().flushAll();
    redis.cluster().resetStats();
  }

  static List<String> seeds(RedisCluster cluster) {
    return args("-p", "redis.host=" + cluster.seeds().get(0) + "," + cluster.seeds().get(1), "-p", "redis.cluster=true");
  }

  @ParameterizedTest
  @EnumSource(YcsbRuns.Shape.class)
  void roundTripsWithDataIntegrity(YcsbRuns.Shape shape) {
    YcsbProcess.Result run = YcsbRuns.roundTrip(seeds(redis.cluster()), shape);
    Map<String, Long> calls = redis.cluster().commandCalls();
    long updates = run.count("UPDATE", "Return=OK");
    String write = shape.group.equals("hash") ? "hset" : "set";
    assertEquals(YcsbRuns.RECORDS + updates, calls.get(write), calls.toString());
    assertFalse(calls.containsKey("zadd"), calls.toString());
    long keys = 0;
    for (RedisServer node : redis.cluster().nodes()) {
      long onNode = Long.parseLong(node.cli("DBSIZE"));
      assertTrue(onNode > 0, "no key on " + node);
      keys += onNode;
    }
    assertEquals(YcsbRuns.RECORDS, keys);
  }

  /** Without data integrity checks workload C reads all fields unnamed: HGETALL, routed by key slot. */
  @Test
  void hashReadsOfAllFieldsUseHgetall() {
    List<String> c = args("-P", "workloads/workloadc", "-p", "recordcount=300", "-p", "operationcount=300",
        "-p", "redis.command_group=hash", "-threads", "4");
    assertCompleted(YcsbRuns.ycsb("load", seeds(redis.cluster()), c));
    YcsbProcess.Result run = YcsbRuns.ycsb("run", seeds(redis.cluster()), c);
    assertCompleted(run);
    assertEquals(300, run.count("READ", "Return=OK"), run.out());
    assertEquals(300L, redis.cluster().commandCalls().get("hgetall"));
  }

  @Test
  void scanIndexLivesOnOneNode() {
    List<String> e = args("-P", "workloads/workloade", "-p", "recordcount=300", "-p", "operationcount=300",
        "-p", "redis.scan=index", "-p", "fieldcount=1", "-threads", "4");
    assertCompleted(YcsbRuns.ycsb("load", seeds(redis.cluster()), e));
    YcsbProcess.Result run = YcsbRuns.ycsb("run", seeds(redis.cluster()), e);
    assertCompleted(run);
    assertEquals(300, run.count("SCAN", "Return=OK") + run.count("INSERT", "Return=OK"), run.out());
  }

  @Test
  void oneNodeWithoutClusterModeIsRefused() {
    RedisServer node = redis.cluster().nodes().get(0);
    YcsbProcess.Result r = YcsbRuns.ycsb("load", args("-p", "redis.host=" + node.host(), "-p",
        "redis.port=" + node.port()), args("-P", "workloads/workloada", "-p", "recordcount=10"));
    assertRefusedWithOneLine(r, "redis at " + node.hostAndPort() + " is a Cluster node: set redis.cluster=true");
  }
}
