package io.github.ycsbtiers.redis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code [SERVER]} against a real redis-server and a real 3-master Cluster, after a 1 s warm-up:
 * the server's GET calls over the measured phase equal the client's READ operations exactly, and so
 * do keyspace hits plus misses (half the keys read were never loaded); on the Cluster the masters'
 * GET calls add up to the operations. The warm-up's reads are what the counts must leave out; how
 * long it lasts is not checked, and an unthrottled warm-up keeps both cores busy for all of it.
 */
class ServerSectionIT {
  private static final long LOADED = 2_000;
  private static final long OPERATIONS = 20_000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void standaloneCountsTheMeasuredPhaseOnly() {
    List<String> target = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port());
    YcsbProcess.Result run = loadThenRead(target, "sync");
    check(run);
    YcsbProcess.Result async = loadThenRead(target, "async");
    check(async);
  }

  @Test
  void clusterMastersAddUpToTheOperations() {
    try (RedisCluster cluster = RedisCluster.start()) {
      List<String> target = List.of("-p", "redis.host=" + cluster.seeds().get(0), "-p", "redis.cluster=true");
      YcsbProcess.Result run = loadThenRead(target, "auto");
      long reads = check(run);
      assertEquals(3, run.count("SERVER", "Nodes"), run.out());
      long sum = 0;
      for (String line : run.out().split("\n")) {
        if (line.startsWith("[SERVER], ") && line.contains("-Calls-GET,")) {
          sum += Long.parseLong(line.substring(line.lastIndexOf(',') + 1).trim());
        }
      }
      assertEquals(reads, sum, run.out());
      // the busiest master decides: one per master, the section's the highest
      double busiest = 0;
      int masters = 0;
      for (String line : run.out().split("\n")) {
        if (line.startsWith("[SERVER], ") && line.contains("-ServerThreadCores,")) {
          busiest = Math.max(busiest, Double.parseDouble(line.substring(line.lastIndexOf(',') + 1).trim()));
          masters++;
        }
      }
      assertEquals(3, masters, run.out());
      assertEquals(busiest, Double.parseDouble(run.metric("SERVER", "ServerThreadCores")), 1e-9, run.out());
    }
  }

  /** Checks the standalone figures; returns the READ operations. */
  private static long check(YcsbProcess.Result run) {
    assertEquals(0, run.status(), run.err());
    long reads = run.count("READ", "Operations") + run.count("READ-FAILED", "Operations");
    assertEquals(OPERATIONS, reads, run.out());
    assertTrue(run.count("READ-FAILED", "Operations") > OPERATIONS / 4, "missing keys read: " + run.out());
    assertTrue(run.count("WARMUP", "Operations") > 0, run.out());
    assertEquals(reads, run.count("SERVER", "Calls-GET"), run.out());
    long hits = run.count("SERVER", "KeyspaceHits");
    long misses = run.count("SERVER", "KeyspaceMisses");
    assertEquals(reads, hits + misses, run.out());
    assertEquals(run.count("READ", "Operations"), hits, run.out());
    String ratio = run.metric("SERVER", "KeyspaceHitRatio");
    assertNotNull(ratio, run.out());
    assertEquals((double) hits / (hits + misses), Double.parseDouble(ratio), 1e-9);
    assertTrue(run.count("SERVER", "UsedMemory") > 0 && run.count("SERVER", "ConnectedClients") >= 1, run.out());
    assertEquals(0, run.count("SERVER", "Calls-SET"), "the load's SETs are outside the run phase");
    // the server's CPU over the same window, by its own clock: its main thread's share of a core
    assertEquals("main-thread", run.metric("SERVER", "ServerThread"), run.out());
    double thread = Double.parseDouble(run.metric("SERVER", "ServerThreadCores"));
    double used = Double.parseDouble(run.metric("SERVER", "UsedCpu(s)"));
    double window = Double.parseDouble(run.metric("SERVER", "CpuWindow(s)"));
    assertTrue(thread > 0 && thread <= 1.1 && used > 0 && window > 0, run.out());
    // the server's window is the measured phase: its CPU per core is no more than the window allows
    assertTrue(used <= window * 1.1 * run.count("SERVER", "Nodes") + 0.05, run.out());
    assertEquals(run.metric("SERVER", "ServerThreadCores"), run.metric("BOTTLENECK", "ServerThreadCores"), run.out());
    return reads;
  }

  /** Loads {@value #LOADED} records, then reads twice as many keys: about half of them missing. */
  private static YcsbProcess.Result loadThenRead(List<String> target, String engine) {
    List<String> load = new ArrayList<>(List.of("load", "redis", "-P", "workloads/load", "-p",
        "recordcount=" + LOADED, "-p", "fieldcount=1", "-p", "fieldlength=100", "-threads", "4"));
    load.addAll(target);
    YcsbProcess.Result loaded = YcsbProcess.run(Duration.ofMinutes(2), load);
    assertEquals(0, loaded.status(), loaded.err());
    assertEquals(LOADED, loaded.count("SERVER", "Calls-SET"), loaded.out());
    List<String> read = new ArrayList<>(Arrays.asList("run", "redis", "-P", "workloads/uniform-read", "-p",
        "recordcount=" + 2 * LOADED, "-p", "operationcount=" + OPERATIONS, "-p", "fieldcount=1", "-p",
        "fieldlength=100", "-p", "warmuptime=1", "-p", "runner.engine=" + engine, "-threads", "4"));
    read.addAll(target);
    return YcsbProcess.run(Duration.ofMinutes(2), read);
  }
}
