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
 * bitmap-commands and rta-mix against a real redis-server: the tables, notes and charts, checked
 * against the raw reports and INFO commandstats; the embedded store is refused with one line.
 */
class CommandScenariosIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path dir;

  private String target() {
    return "r1=redis,redis.host=" + redis.host() + ",redis.port=" + redis.port();
  }

  @Test
  void bitmapCommandsReportsEachTestAndCommandsPerSecond() throws Exception {
    redis.server().flushAll();
    redis.server().resetStats();
    Path out = dir.resolve("bitmap");
    SuiteCli.Outcome r = SuiteCli.run("bitmap-commands", "--target", target(), "--operations", "1000", "--threads", "4",
        "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    List<List<String>> rows = SuiteCli.table(md, "r1");
    assertEquals(List.of("setbit", "getbit", "setbit-multi10"), rows.stream().map(row -> row.get(1)).toList(), md);
    for (List<String> row : rows) {
      Map<String, String> raw = SuiteCli.metrics(SuiteCli.raw(out, "r1", row.get(0), row.get(1)));
      assertEquals(Math.round(Double.parseDouble(raw.get("[OVERALL] Throughput(ops/sec)"))),
          Long.parseLong(row.get(2)), row.toString());
      assertEquals(Math.round(Double.parseDouble(raw.get("[TOTAL] 99thPercentileLatency(us)"))),
          Long.parseLong(row.get(4)), row.toString());
    }
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(1000L + 10 * 100, calls.get("setbit"), calls.toString());
    assertEquals(100L, calls.get("exec"), calls.toString());
    assertTrue(md.contains("commands/s (each operation a batch)"), md);
    for (String chart : List.of("qps.png", "p99.svg", "percentiles-multi10-setbit-multi10.png")) {
      assertTrue(Files.size(out.resolve("charts").resolve(chart)) > 0, chart);
    }
  }

  @Test
  void rtaMixLoadsTheKeyspacesAndReportsTheirTails() throws Exception {
    Path out = dir.resolve("rta");
    SuiteCli.Outcome r = SuiteCli.run("rta-mix", "--target", target(), "--records", "2000", "--operations", "2000",
        "--threads", "4", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    // FLUSHALL before the Load, then 400 hashes, 1400 and 200 strings
    assertEquals("2000", redis.server().cli("DBSIZE"));
    String md = Files.readString(out.resolve("summary.md"));
    assertEquals(List.of("load", "read-mix"), SuiteCli.table(md, "r1").stream().map(row -> row.get(1)).toList(), md);
    // the paper's headline figures are rows: p99 and p99.99 per keyspace and over all, operations adding up
    List<List<String>> keyspaces = SuiteCli.table(md, "Per-keyspace latency").stream()
        .filter(row -> row.get(2).equals("read-mix")).toList();
    assertEquals(List.of("hash", "large", "small", "all"), keyspaces.stream().map(row -> row.get(3)).toList(), md);
    long sum = 0;
    for (List<String> row : keyspaces) {
      assertEquals(List.of("r1", "2:7:1", "read-mix"), row.subList(0, 3), md);
      assertTrue(row.get(5).matches("\\d+") && row.get(6).matches("\\d+"), row.toString());
      assertTrue(Long.parseLong(row.get(6)) >= Long.parseLong(row.get(5)), "p99.99 >= p99: " + row);
      sum += row.get(3).equals("all") ? 0 : Long.parseLong(row.get(4));
    }
    assertEquals(2000, sum, "the keyspaces' operations are the phase's");
    assertTrue(!md.contains("keyspace hash p99"), "not a line in the notes any more");
    String json = Files.readString(out.resolve("summary.json"));
    assertTrue(json.contains("\"KEYSPACE-hash.p99.99_us\""), json);
  }

  @Test
  void theEmbeddedStoreIsRefusedWithOneLine() {
    SuiteCli.Outcome r = SuiteCli.run("rta-mix", "--out", dir.resolve("none").toString());
    assertEquals(2, r.status(), r.err());
    List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).toList();
    assertEquals(1, errors.size(), r.err());
    assertTrue(errors.get(0).contains("embedded store"), r.err());
    assertTrue(!Files.exists(dir.resolve("none")), "nothing written");
  }
}
