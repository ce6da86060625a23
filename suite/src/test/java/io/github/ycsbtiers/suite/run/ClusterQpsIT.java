package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** cluster-qps against the harness's local 3-master Redis Cluster: per-node calls add up and are balanced. */
class ClusterQpsIT {
  private static final int DURATION = 4;
  private static final int WARMUP = 2;

  @RegisterExtension
  static final RedisClusterExtension cluster = RedisClusterExtension.threeMasters();

  @TempDir
  Path dir;

  @Test
  void perNodeCallsAddUpToTheReportedOperationsAndAreBalanced() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("cluster-qps", "--target", "c3=redis,redis.cluster=true,redis.host="
        + cluster.cluster().seeds().get(0), "--records", "3000", "--duration", Integer.toString(DURATION),
        "--warmup", Integer.toString(WARMUP), "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    Path raw = SuiteCli.raw(out, "c3", "1:1", "set-get-1-1");
    Map<String, String> m = SuiteCli.metrics(raw);
    String log = Files.readString(Path.of(raw.toString().replace(".txt", ".log")));
    assertTrue(log.contains("-p runner.engine=async") && log.contains("-threads 200"), "10 x 20 in flight, async: " + log);
    long measured = 0;
    for (String section : List.of("[READ]", "[UPDATE]", "[READ-FAILED]", "[UPDATE-FAILED]")) {
      measured += Long.parseLong(m.getOrDefault(section + " Operations", "0"));
    }
    long warmup = Long.parseLong(m.get("[WARMUP] Operations"));
    assertTrue(measured > 0 && warmup > 0, m.toString());

    List<List<String>> nodes = SuiteCli.table(md, "Per-node QPS (INFO commandstats)").stream()
        .filter(row -> row.get(1).equals("1:1 set:get 1:1")).toList();
    assertEquals(3, nodes.size(), md);
    long calls = 0;
    for (List<String> row : nodes) {
      calls += Long.parseLong(row.get(3).replace(",", ""));
      assertTrue(Double.parseDouble(row.get(6)) >= 0.25, "a node served under a quarter of its fair share: " + row);
      assertTrue(Double.parseDouble(row.get(4)) > 0, row.toString());
    }
    assertEquals(measured + warmup, calls, "SET + GET calls over the nodes = operations reported (measured + warm-up)");

    long runtime = Long.parseLong(m.get("[OVERALL] RunTime(ms)"));
    long warmupMs = Long.parseLong(m.get("[WARMUP] RunTime(ms)"));
    assertEquals((DURATION + WARMUP) * 1000.0, runtime + warmupMs, 1000.0, "time-bounded: " + runtime + " + " + warmupMs);
    String json = Files.readString(out.resolve("summary.json"));
    assertTrue(json.contains("\"nodes.calls\": \"" + calls + "\""), json);
    // the Load is counted per node too: every record is one SET
    long loadCalls = SuiteCli.table(md, "Per-node QPS (INFO commandstats)").stream()
        .filter(row -> row.get(1).equals("1:1 load")).mapToLong(row -> Long.parseLong(row.get(3).replace(",", ""))).sum();
    assertEquals(3000, loadCalls, md);
  }
}
