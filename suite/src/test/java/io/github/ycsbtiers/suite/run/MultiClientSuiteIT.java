package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --clients 2}: every phase of tier-ratio runs as two bin/ycsb processes against one real
 * redis-server, each with its part of the Load and its share of the operations, and the phase's
 * report is their merge: the same totals as one client's, the same table. The same run shows what
 * tier-ratio does on a redis target (once TierRatioRedisIT's own run, 8 more bin/ycsb processes):
 * the hit ratio column comes from the server's INFO (the suite's delta around the phase: two
 * clients have no one [SERVER] section), every GET of loaded keys hits, the suite settles from
 * INFO after each Load, and the FLUSHALL before each Load leaves only its records. One client's
 * tier-ratio on a redis target, its ratio from bin/ycsb's [SERVER] section, runs in
 * {@link TierRatioRedisMaxmemoryIT}.
 */
class MultiClientSuiteIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path dir;

  @Test
  void everyPhaseRunsAsTwoClientsAndReportsTheMergedResult() throws Exception {
    Path out = dir.resolve("results");
    redis.server().cli("SET", "left-over", "x");
    // no --settle: the suite waits until INFO shows the server quiet after each Load
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--target", "r1=redis,redis.host=" + redis.host()
        + ",redis.port=" + redis.port() + ",redis.timeout=30000", "--records", "3001", "--operations", "2001", "--threads", "2",
        "--clients", "2", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    String json = Files.readString(out.resolve("summary.json"));
    List<List<String>> rows = SuiteCli.table(md, "r1");
    assertEquals(8, rows.size(), rows.toString());
    assertEquals("hit ratio", SuiteCli.header(md, "r1").get(9));
    for (List<String> row : rows) {
      Path raw = SuiteCli.raw(out, "r1", row.get(0), row.get(1));
      Map<String, String> merged = SuiteCli.metrics(raw);
      String base = raw.getFileName().toString().replaceFirst("\\.txt$", "");
      if (row.get(1).equals("load")) {
        assertEquals("3001", merged.get("[INSERT] Return=OK"), row + ": " + merged);
        assertEquals("1501", clientMetric(raw, base, 0, "[INSERT] Operations"));
        assertEquals("1500", clientMetric(raw, base, 1, "[INSERT] Operations"));
      } else {
        long ops = 0;
        // a failed operation (a timeout on a loaded machine) is timed in its -FAILED section
        for (String op : List.of("READ", "UPDATE", "READ-FAILED", "UPDATE-FAILED")) {
          ops += Long.parseLong(merged.getOrDefault("[" + op + "] Operations", "0"));
        }
        assertEquals(2001, ops, row + ": " + merged);
      }
      assertEquals(Math.round(Double.parseDouble(merged.get("[OVERALL] Throughput(ops/sec)"))),
          Long.parseLong(row.get(2)), "the table shows the merged throughput: " + row);
      assertTrue(Files.readString(raw.resolveSibling(base + ".log")).contains("== client 1 of 2"), raw.toString());
      if (row.get(1).equals("load")) {
        assertEquals("-", row.get(9), "a Load of SETs looks nothing up: " + row);
      } else {
        // every key was loaded, so every GET of the measured phase, either client's, is a hit
        assertEquals("1.00", row.get(9), row.toString());
        Map<String, String> info = SuiteCli.detailsOf(json, out.relativize(raw).toString());
        assertEquals(SuiteCli.measuredOperations(merged, "READ"), Long.parseLong(info.get("info.keyspace_hits.delta")),
            row + ": " + info);
        assertEquals("0", info.get("info.keyspace_misses.delta"), row + ": " + info);
      }
    }
    assertTrue(json.contains("\"hitSource\": \"INFO\""), json);
    assertTrue(json.contains("quiet after"), "settling from INFO is reported\n" + json);
    // FLUSHALL before each Load: only the loaded records are left
    assertEquals("3001", redis.server().cli("DBSIZE"));
  }

  @Test
  void theEmbeddedStoreTakesOneClient() {
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--clients", "2", "--out", dir.resolve("none").toString());
    assertEquals(2, r.status(), r.err());
    assertTrue(r.err().startsWith("error: --clients 2: 1 with the embedded store"), r.err());
    assertTrue(!Files.exists(dir.resolve("none")));
  }

  private static String clientMetric(Path raw, String base, int index, String metric) throws Exception {
    return SuiteCli.metrics(raw.resolveSibling(base + "-c" + index).resolve("report.txt")).get(metric);
  }
}
