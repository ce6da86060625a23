package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A 3-master, 3-replica Cluster; a master SIGKILLed mid-run, its replica promoted. The run
 * completes with exit 0, its failures are one outage that ends soon after the promotion, and the
 * promoted replica serves commands afterwards (the client followed the new slot map).
 */
class ClusterFailoverIT {
  private static final int RECORDS = 3000;

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"jedis, sync", "lettuce, async"})
  void masterKilledReplicaPromoted(String client, String engine) throws Exception {
    try (RedisCluster cluster = RedisCluster.startWithReplicas(3, 1)) {
      List<String> target = args("-p", "redis.host=" + String.join(",", cluster.seeds()), "-p", "redis.cluster=true",
          "-p", "redis.client=" + client, "-p", "runner.engine=" + engine, "-p", "redis.timeout=1000");
      List<String> common = args("-P", "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1",
          "-p", "fieldlength=100", "-threads", "8");
      YcsbRuns.assertCompleted(YcsbRuns.ycsb("load", target, common));

      int master = cluster.masterIndexes().get(0);
      int replica = cluster.replicaOf(master);
      assertNotEquals(-1, replica, "no replica of node " + master);
      RedisServer promoted = cluster.nodes().get(replica);
      List<String> run = new java.util.ArrayList<>(common);
      run.addAll(args("-p", "operationcount=0", "-p", "maxexecutiontime=12", "-target", "2000"));
      CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(() ->
          YcsbRuns.ycsb("run", target, run));
      Thread.sleep(4000);
      promoted.resetStats();
      Instant killed = Instant.now();
      cluster.nodes().get(master).kill();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!promoted.cli("ROLE").startsWith("master")) {
        assertTrue(System.nanoTime() < deadline, "replica not promoted within 20 s");
        Thread.sleep(50);
      }
      Instant took = Instant.now();
      YcsbProcess.Result r = running.get(2, TimeUnit.MINUTES);

      assertEquals(0, r.status(), r.err());
      // in the test log: how the failover went
      r.out().lines().filter(l -> l.startsWith("[OUTAGE]") || l.contains("Return=ERROR")).forEach(System.out::println);
      long errors = r.count("READ", "Return=ERROR") + r.count("UPDATE", "Return=ERROR");
      assertTrue(r.count("READ", "Return=OK") > 0, r.out());
      if (errors > 0) {
        // the failures belong to the failover window: from the kill to shortly after the promotion
        assertEquals(errors, r.count("OUTAGE", "FailedOperations"), r.out());
        Instant start = Instant.parse(r.metric("OUTAGE", "Outage1.Start"));
        Instant end = Instant.parse(r.metric("OUTAGE", "Outage" + r.count("OUTAGE", "Outages") + ".End"));
        assertTrue(!start.isBefore(killed.minusMillis(100)), start + " before the kill at " + killed);
        assertTrue(end.isBefore(took.plusMillis(3000)), "last outage ended " + end + ", promotion at " + took
            + ":\n" + r.out());
        assertTrue(errors <= 8 * 40, errors + " ERRORs:\n" + r.out());
      }
      long served = promoted.commandCalls().entrySet().stream().filter(e -> !e.getKey().equals("role")
          && !e.getKey().startsWith("cluster") && !e.getKey().equals("info") && !e.getKey().equals("config")
          && !e.getKey().equals("ping")).mapToLong(e -> e.getValue()).sum();
      assertTrue(served > 100, "the promoted replica served " + promoted.commandCalls() + "\n" + r.out());
    }
  }
}
