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

/** tier-ratio against a real redis-server through the redis binding: the hit ratio comes from INFO. */
class TierRatioRedisIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path dir;

  @Test
  void reportsAHitRatioColumnFromTheServer() throws Exception {
    Path out = dir.resolve("results");
    redis.server().cli("SET", "left-over", "x");
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--target", "r1=redis,redis.host=" + redis.host()
        + ",redis.port=" + redis.port(), "--records", "3000", "--threads", "4", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    List<List<String>> rows = SuiteCli.table(md, "r1");
    assertEquals(8, rows.size(), md);
    assertEquals("hit ratio", SuiteCli.header(md, "r1").get(9));
    for (List<String> row : rows) {
      if (row.get(1).equals("load")) {
        assertEquals("-", row.get(9), "a Load of SETs looks nothing up: " + row);
      } else {
        // every key was loaded, so every GET hits
        assertEquals("1.00", row.get(9), row.toString());
      }
      Map<String, String> raw = SuiteCli.metrics(SuiteCli.raw(out, "r1", row.get(0), row.get(1)));
      assertEquals(Math.round(Double.parseDouble(raw.get("[OVERALL] Throughput(ops/sec)"))),
          Long.parseLong(row.get(2)), row.toString());
    }
    String json = Files.readString(out.resolve("summary.json"));
    assertTrue(json.contains("\"hitSource\": \"SERVER\""), json);
    assertTrue(json.contains("\"server.KeyspaceHits\": \"3000\""), "7:1 uniform-read: 3000 GETs, all hits\n" + json);
    assertTrue(json.contains("quiet after"), "settling from INFO is reported\n" + json);
    // FLUSHALL before each Load: only the loaded records are left
    assertEquals("3000", redis.server().cli("DBSIZE"));
  }
}
