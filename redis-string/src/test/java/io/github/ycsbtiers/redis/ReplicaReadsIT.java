package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisReplication;
import io.github.ycsbtiers.testing.RedisReplicationExtension;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reads from replicas ({@code redis.read_from=replica}) on a primary with two replicas, checked
 * against each server's INFO commandstats: no GET of the run on the primary, the replicas' GETs
 * summing to the run's reads exactly, every write on the primary, and the {@code [ENDPOINT-...]}
 * rows summing to the run's totals, for each client and engine.
 */
class ReplicaReadsIT {
  private static final int RECORDS = 200;
  private static final int OPERATIONS = 2000;

  @RegisterExtension
  static final RedisReplicationExtension redis = RedisReplicationExtension.replicas(2);

  private static List<String> target(String... more) {
    RedisServer primary = redis.replication().nodes().get(0);
    List<String> t = new ArrayList<>(args("-p", "redis.host=" + primary.host(), "-p", "redis.port=" + primary.port(),
        "-P", "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1", "-threads", "4"));
    t.addAll(args(more));
    return t;
  }

  @BeforeAll
  static void load() {
    assertCompleted(YcsbRuns.ycsb("load", target(), List.of()));
    redis.replication().awaitInSync();
  }

  @Test
  void replicaReadsRefusedOnAReplicaAndOnAServerWithoutReplicas() {
    RedisServer replica = redis.replication().nodes().get(1);
    YcsbProcess.Result onReplica = YcsbRuns.ycsb("run", args("-p", "redis.host=" + replica.hostAndPort(),
        "-p", "redis.read_from=replica", "-P", "workloads/workloadc"), List.of());
    YcsbRuns.assertRefusedWithOneLine(onReplica, "invalid value '" + replica.hostAndPort()
        + "' for property 'redis.host': allowed the primary with redis.read_from=replica (this server says role:slave;");
    try (RedisServer alone = RedisServer.start()) {
      YcsbProcess.Result none = YcsbRuns.ycsb("run", args("-p", "redis.host=" + alone.hostAndPort(),
          "-p", "redis.read_from=replica", "-P", "workloads/workloadc"), List.of());
      YcsbRuns.assertRefusedWithOneLine(none, "invalid value 'replica' for property 'redis.read_from': allowed primary, "
          + "replica-preferred, nearest or any on a server without replicas (" + alone.hostAndPort());
      assertEquals(0L, alone.commandCalls().getOrDefault("get", 0L));
    }
  }

  @ParameterizedTest
  @CsvSource({"async, netty", "async, lettuce", "sync, lettuce", "sync, jedis"})
  void readsGoToTheReplicasAndWritesToThePrimary(String engine, String client) {
    RedisReplication set = redis.replication();
    set.nodes().forEach(RedisServer::resetStats);
    YcsbProcess.Result run = YcsbRuns.ycsb("run", target("-p", "runner.engine=" + engine, "-p", "redis.client=" + client,
        "-p", "redis.read_from=replica", "-p", "operationcount=" + OPERATIONS), List.of());
    assertCompleted(run);
    set.awaitInSync();
    long reads = run.count("READ", "Operations");
    long updates = run.count("UPDATE", "Operations");
    assertEquals(OPERATIONS, reads + updates, run.out());
    assertTrue(reads > 0 && updates > 0, run.out());

    RedisServer primary = set.nodes().get(0);
    assertEquals(0L, primary.commandCalls().getOrDefault("get", 0L), "no GET on the primary");
    assertEquals(updates, primary.commandCalls().getOrDefault("set", 0L), "every SET on the primary");
    long replicaGets = 0;
    long endpointOps = run.count("ENDPOINT-" + primary.hostAndPort(), "Operations");
    assertEquals(updates, run.count("ENDPOINT-" + primary.hostAndPort(), "Writes"), run.out());
    assertEquals("primary", run.metric("ENDPOINT-" + primary.hostAndPort(), "Role"), run.out());
    for (RedisServer replica : set.nodes().subList(1, 3)) {
      long gets = replica.commandCalls().getOrDefault("get", 0L);
      assertTrue(gets > 0, "each replica serves reads: " + replica);
      String section = "ENDPOINT-" + replica.hostAndPort();
      assertEquals("replica", run.metric(section, "Role"), run.out());
      assertEquals(gets, run.count(section, "Reads"), run.out());
      assertEquals(gets, run.count("SERVER-" + replica.hostAndPort(), "Calls-GET"), "the replica's own [SERVER-...]: "
          + run.out());
      assertEquals(0, run.count(section, "Errors"), run.out());
      assertTrue(run.count(section, "ReplicationLagSamples") > 0, run.out());
      replicaGets += gets;
      endpointOps += run.count(section, "Operations");
    }
    assertEquals(reads, replicaGets, "the replicas' GETs are the run's reads");
    assertEquals(OPERATIONS, endpointOps, "the endpoint rows sum to the run's operations");
  }

  /**
   * Each endpoint's figures on the timeline: summed over the rows (warm-up and measured), each
   * endpoint's operations and reads are its {@code [ENDPOINT-...]} section's.
   */
  @Test
  void eachEndpointIsOnTheTimeline(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("timeline.jsonl");
    YcsbProcess.Result run = YcsbRuns.ycsb("run", target("-p", "redis.client=netty", "-p", "redis.read_from=replica",
        "-p", "operationcount=" + OPERATIONS, "-p", "timeline.interval=1", "-p", "timeline.file=" + file), List.of());
    assertCompleted(run);
    List<String> rows = Files.readAllLines(file);
    assertTrue(!rows.isEmpty());
    long all = 0;
    for (RedisServer node : redis.replication().nodes()) {
      String address = node.hostAndPort();
      long ops = 0;
      long reads = 0;
      for (String row : rows) {
        ops += figure(row, address + ".operations");
        reads += figure(row, address + ".reads");
      }
      assertEquals(run.count("ENDPOINT-" + address, "Operations"), ops, String.join("\n", rows));
      assertEquals(run.count("ENDPOINT-" + address, "Reads"), reads, String.join("\n", rows));
      all += ops;
    }
    assertEquals(OPERATIONS, all, String.join("\n", rows));
  }

  private static long figure(String row, String key) {
    Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":(\\d+)").matcher(row);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }
}
