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
 * tier-ratio sized from a real redis-server's maxmemory (no --records, no --memory): at 1:4 the
 * data is four times the memory, the server evicts, and INFO's hit ratio shows the misses.
 */
class TierRatioRedisMaxmemoryIT {
  private static final long MAXMEMORY = 2L << 20;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone()
      .withConfig("maxmemory", Long.toString(MAXMEMORY)).withConfig("maxmemory-policy", "allkeys-lru");

  @TempDir
  Path dir;

  @Test
  void sizesTheDataFromMaxmemoryAndReportsMisses() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--target", "lru=redis,redis.host=" + redis.host()
        + ",redis.port=" + redis.port(), "--threads", "4", "--settle-limit", "5", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    long perRecord = 23 + 100;
    Map<String, String> load71 = SuiteCli.metrics(SuiteCli.raw(out, "lru", "7:1", "load"));
    assertEquals(Long.toString(MAXMEMORY / 7 / perRecord), load71.get("[INSERT] Operations"));
    Map<String, String> load14 = SuiteCli.metrics(SuiteCli.raw(out, "lru", "1:4", "load"));
    long records14 = MAXMEMORY * 4 / perRecord;
    assertEquals(Long.toString(records14), load14.get("[INSERT] Operations"));
    Map<String, String> read14 = SuiteCli.metrics(SuiteCli.raw(out, "lru", "1:4", "uniform-read"));
    // reads of evicted keys are NOT_FOUND, which YCSB times in [READ-FAILED]
    assertEquals(records14 / 32, Long.parseLong(read14.get("[READ] Operations"))
        + Long.parseLong(read14.getOrDefault("[READ-FAILED] Operations", "0")));
    String json = Files.readString(out.resolve("summary.json"));
    // the hit ratio is the server's over the measured phase: hits + misses are its reads, found or not
    Map<String, String> server = SuiteCli.detailsOf(json, out.relativize(SuiteCli.raw(out, "lru", "1:4",
        "uniform-read")).toString());
    long hits = Long.parseLong(server.get("server.KeyspaceHits"));
    long misses = Long.parseLong(server.get("server.KeyspaceMisses"));
    assertEquals(records14 / 32, hits + misses, server.toString());
    assertTrue(hits > 0 && misses > 0, "evicted keys miss, resident ones hit: " + server);
    assertTrue(json.contains("\"operations\": " + records14 / 32 + ","), "operations count failed reads too");
    List<List<String>> rows = SuiteCli.table(Files.readString(out.resolve("summary.md")), "lru");
    assertEquals(8, rows.size());
    assertEquals("hit ratio", SuiteCli.header(Files.readString(out.resolve("summary.md")), "lru").get(9));
    assertTrue(json.contains("\"hitSource\": \"SERVER\""), "one client's ratio is its [SERVER] section's\n" + json);
    for (List<String> row : rows) {
      if (row.get(1).equals("load")) {
        assertEquals("-", row.get(9), "a Load of SETs looks nothing up: " + row);
      }
      if (row.get(1).equals("uniform-read")) {
        double hit = Double.parseDouble(row.get(9));
        if (row.get(0).equals("7:1")) {
          assertEquals(1.0, hit, row.toString());
        } else {
          assertTrue(hit < 0.5, "data 4x memory: most uniform reads miss: " + row);
          assertEquals((double) hits / (hits + misses), hit, 0.005, "the table's ratio is [SERVER]'s: " + row);
        }
      }
    }
  }
}
