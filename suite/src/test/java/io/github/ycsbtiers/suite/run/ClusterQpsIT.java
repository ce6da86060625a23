package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisCluster;
import io.github.ycsbtiers.testing.RedisClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * cluster-qps against three local Redis Clusters side by side in one suite run, of 1, 2 and 3
 * masters (the harness makes the first two by hand): for each, the per-node calls add up to the
 * operations it reported and are balanced, and the report has a column per target.
 */
class ClusterQpsIT {
  // the shortest phases the suite takes (whole seconds): 200 unthrottled clients keep both cores
  // busy for every second of each target's warm-up and run, and one second of each still gives
  // thousands of calls over the nodes, which is what the balance and the sums are checked on
  private static final int DURATION = 1;
  private static final int WARMUP = 1;
  private static final int RECORDS = 3000;

  @RegisterExtension
  static final RedisClusterExtension one = RedisClusterExtension.masters(1);
  @RegisterExtension
  static final RedisClusterExtension two = RedisClusterExtension.masters(2);
  @RegisterExtension
  static final RedisClusterExtension three = RedisClusterExtension.threeMasters();

  @TempDir
  Path dir;

  @Test
  void perNodeCallsAddUpToEachTargetsOperationsAndAreBalanced() throws Exception {
    Path out = dir.resolve("results");
    Map<String, RedisCluster> targets = Map.of("c1", one.cluster(), "c2", two.cluster(), "c3", three.cluster());
    List<String> args = new ArrayList<>(List.of("cluster-qps"));
    for (String name : List.of("c1", "c2", "c3")) {
      args.addAll(List.of("--target", name + "=redis,redis.cluster=true,redis.host="
          + targets.get(name).seeds().get(0)));
    }
    args.addAll(List.of("--records", Integer.toString(RECORDS), "--duration", Integer.toString(DURATION),
        "--warmup", Integer.toString(WARMUP), "--out", out.toString()));
    SuiteCli.Outcome r = SuiteCli.run(args.toArray(String[]::new));
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    String json = Files.readString(out.resolve("summary.json"));
    List<List<String>> nodeRows = SuiteCli.table(md, "Per-node QPS (INFO commandstats)");

    List<Double> qps = new ArrayList<>();
    for (String name : List.of("c1", "c2", "c3")) {
      RedisCluster cluster = targets.get(name);
      Path raw = SuiteCli.raw(out, name, "1:1", "set-get-1-1");
      Map<String, String> m = SuiteCli.metrics(raw);
      String log = Files.readString(Path.of(raw.toString().replace(".txt", ".log")));
      assertTrue(log.contains("-p runner.engine=async") && log.contains("-threads 200"), "10 x 20 in flight, async: "
          + log);
      long measured = 0;
      for (String section : List.of("[READ]", "[UPDATE]", "[READ-FAILED]", "[UPDATE-FAILED]")) {
        measured += Long.parseLong(m.getOrDefault(section + " Operations", "0"));
      }
      long warmup = Long.parseLong(m.get("[WARMUP] Operations"));
      assertTrue(measured > 0 && warmup > 0, name + ": " + m);

      List<List<String>> nodes = nodeRows.stream()
          .filter(row -> row.get(0).equals(name) && row.get(1).equals("1:1 set:get 1:1")).toList();
      assertEquals(new HashSet<>(cluster.seeds()), new HashSet<>(nodes.stream().map(row -> row.get(2)).toList()),
          name + ": one row per master of its own cluster\n" + md);
      long calls = 0;
      for (List<String> row : nodes) {
        calls += Long.parseLong(row.get(3).replace(",", ""));
        assertTrue(Double.parseDouble(row.get(6)) >= 0.25, "a node served under a quarter of its fair share: " + row);
        assertTrue(Double.parseDouble(row.get(4)) > 0, row.toString());
      }
      assertEquals(measured, calls, name + ": SET + GET calls over the nodes = operations of the measured phase"
          + " (its [SERVER] section: the warm-up's are not counted)");
      // the cluster's own counters agree (the suite's probe connections call neither SET nor GET)
      Map<String, Long> own = cluster.commandCalls();
      assertEquals(RECORDS + measured + warmup, own.getOrDefault("set", 0L) + own.getOrDefault("get", 0L), name);

      long runtime = Long.parseLong(m.get("[OVERALL] RunTime(ms)"));
      long warmupMs = Long.parseLong(m.get("[WARMUP] RunTime(ms)"));
      // bounded by time, not by a count: it ran for the seconds asked; the upper margin is for a
      // machine that schedules the run's timer late, the run would otherwise go on until the timeout
      assertTrue(log.contains("-p maxexecutiontime=" + DURATION + " "), log);
      assertTrue(runtime + warmupMs >= (DURATION + WARMUP) * 1000 - 500
          && runtime + warmupMs <= (DURATION + WARMUP) * 1000 + 10_000, name + " time-bounded: " + runtime
          + " + " + warmupMs);
      assertTrue(json.contains("\"nodes.calls\": \"" + calls + "\""), json);
      // the Load is counted per node too: every record is one SET
      long loadCalls = nodeRows.stream().filter(row -> row.get(0).equals(name) && row.get(1).equals("1:1 load"))
          .mapToLong(row -> Long.parseLong(row.get(3).replace(",", ""))).sum();
      assertEquals(RECORDS, loadCalls, md);
      qps.add(Double.parseDouble(m.get("[OVERALL] Throughput(ops/sec)")));
      // a Cluster's INFO is its masters' summed: every GET (all keys loaded) is a keyspace hit on one of them
      Map<String, String> info = SuiteCli.detailsOf(json, out.relativize(raw).toString());
      assertEquals(SuiteCli.measuredOperations(m, "READ"), Long.parseLong(info.get("server.KeyspaceHits")),
          name + ": keyspace hits over its masters = measured READ operations: " + info);
      assertEquals("0", info.get("server.KeyspaceMisses"), name + ": " + info);
      assertEquals("measured", info.get("nodes.window"), name + ": " + info);
      assertTrue(md.contains(name + " 1:1: 3,000 records, " + DURATION + " s per run phase"), md);
    }

    // side by side: one row per phase, a QPS column per target, in --target order
    List<String> header = SuiteCli.header(md, "Side by side");
    assertEquals(List.of("set:get", "phase", "c1 QPS", "c2 QPS", "c3 QPS", "c1/c2", "c1/c3"), header.subList(0, 7),
        md);
    List<List<String>> side = SuiteCli.table(md, "Side by side");
    List<String> run = side.stream().filter(row -> row.get(1).equals("set:get 1:1")).findFirst().orElseThrow();
    for (int i = 0; i < 3; i++) {
      assertEquals(Math.round(qps.get(i)), Long.parseLong(run.get(2 + i).replace(",", "")), run.toString());
    }
    assertEquals(2, side.size(), md);
  }
}
