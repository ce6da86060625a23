package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A 3-master, 3-replica Cluster; a master SIGKILLed once the run is under way, its replica
 * promoted. The run completes with exit 0; the promoted replica serves operations within 3 s of
 * its promotion and from then on at least 70 % of the rate its slots had before the kill: the
 * client followed the new slot map, soon and on every connection; any failures are outages from
 * the kill to at most 3 s after the promotion.
 */
class ClusterFailoverIT {
  private static final int RECORDS = 3000;
  /** The workload's commands (string group): what a node serves of the run. */
  private static final List<String> DATA_COMMANDS = List.of("get", "set");

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"jedis, sync", "lettuce, async"})
  void masterKilledReplicaPromoted(String client, String engine) throws Exception {
    try (RedisCluster cluster = RedisCluster.startWithReplicas(3, 1)) {
      List<String> target = args("-p", "redis.host=" + String.join(",", cluster.seeds()), "-p", "redis.cluster=true",
          "-p", "redis.client=" + client, "-p", "runner.engine=" + engine, "-p", "redis.timeout=1000");
      List<String> common = args("-P", "workloads/workloada", "-p", "recordcount=" + RECORDS, "-p", "fieldcount=1",
          "-p", "fieldlength=100", "-p", "requestdistribution=uniform", "-threads", "8");
      YcsbRuns.assertCompleted(YcsbRuns.ycsb("load", target, common));

      int master = cluster.masterIndexes().get(0);
      int replica = cluster.replicaOf(master);
      assertNotEquals(-1, replica, "no replica of node " + master);
      RedisServer killed = cluster.nodes().get(master);
      RedisServer promoted = cluster.nodes().get(replica);
      killed.resetStats();
      List<String> run = new ArrayList<>(common);
      run.addAll(args("-p", "operationcount=12000", "-target", "1000"));
      CompletableFuture<YcsbProcess.Result> running = CompletableFuture.supplyAsync(() ->
          YcsbRuns.ycsb("run", target, run));
      // the run is under way once the master serves its third of 1,000 ops/s; its rate over 500
      // operations after the first 100 (connections opened, classes loaded) is what its slots get.
      // 12 s of operations: the failover (cluster-node-timeout) and 3 s after it fall inside the
      // run; the rate only needs operations due all along, and a throttled run's CPU is mostly them
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      long from = 0;
      long fromNanos = 0;
      long n;
      while ((n = served(killed)) < 600) {
        if (from == 0 && n >= 100) {
          from = n;
          fromNanos = System.nanoTime();
        }
        assertFalse(running.isDone(), () -> "the run ended before the kill:\n" + running.join().out());
        assertTrue(System.nanoTime() < deadline, "the run did not start within 60 s: " + killed.commandCalls());
        Thread.sleep(50);
      }
      double rate = (n - from) / ((System.nanoTime() - fromNanos) / 1e9);
      Instant kill = Instant.now();
      killed.kill();
      deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!promoted.cli("ROLE").startsWith("master")) {
        assertTrue(System.nanoTime() < deadline, "replica not promoted within 20 s");
        Thread.sleep(50);
      }
      Instant took = Instant.now();
      promoted.resetStats();
      // the client follows the new slot map soon, whether or not an operation failed meanwhile: the
      // promoted node has served operations when asked 3 s after the promotion, or earlier
      Instant asked = took;
      long first = served(promoted);
      while (first == 0 && asked.isBefore(took.plusMillis(3000))) {
        assertFalse(running.isDone(), () -> "the run ended:\n" + running.join().out());
        Thread.sleep(20);
        asked = Instant.now();
        first = served(promoted);
      }
      assertTrue(first > 0, "the promoted node had served no operation at " + asked + ", promotion at " + took);
      YcsbProcess.Result r = running.get(2, TimeUnit.MINUTES);
      double after = Duration.between(took, Instant.now()).toMillis() / 1000.0;

      assertEquals(0, r.status(), r.err());
      long promotedServed = served(promoted);
      // in the test log: how the failover went
      System.out.printf("%s: killed %s at %.0f ops/s on its slots, promoted %s, served by it at %s; from then on"
          + " %d in %.1f s%n", client, kill, rate, took, asked, promotedServed, after);
      r.out().lines().filter(l -> l.startsWith("[OUTAGE]") || l.contains("Return=ERROR")).forEach(System.out::println);
      assertTrue(r.count("READ", "Return=OK") > 0, r.out());
      // the clients kept sending the slots' operations to the promoted node to the end of the run
      // (what share of the rate it got back is a figure of the machine, printed above)
      assertTrue(promotedServed > first, String.format("the promoted node served %d by %s and no more to the end"
          + " (%.1f s later):%n%s", first, asked, after, r.out()));
      // every failure belongs to an outage, and the outages to the failover window: from the kill to
      // shortly after the promotion (Jedis retries a failed command itself, so a run may have none)
      long errors = r.count("READ", "Return=ERROR") + r.count("UPDATE", "Return=ERROR");
      assertEquals(errors, r.count("OUTAGE", "FailedOperations"), r.out());
      assertTrue(errors <= 8 * 40, errors + " ERRORs:\n" + r.out());
      if (errors > 0) {
        Instant start = Instant.parse(r.metric("OUTAGE", "Outage1.Start"));
        String last = r.metric("OUTAGE", "Outage" + r.count("OUTAGE", "Outages") + ".End");
        assertFalse(last.startsWith("none"), "still failing at the end of the run:\n" + r.out());
        assertTrue(!start.isBefore(kill.minusMillis(100)), start + " before the kill at " + kill);
        assertTrue(Instant.parse(last).isBefore(took.plusMillis(3000)), "last outage ended " + last
            + ", promotion at " + took + ":\n" + r.out());
      }
    }
  }

  /** Operations of the workload that {@code node} served since its statistics were reset. */
  private static long served(RedisServer node) {
    return node.commandCalls().entrySet().stream().filter(e -> DATA_COMMANDS.contains(e.getKey()))
        .mapToLong(e -> e.getValue()).sum();
  }
}
