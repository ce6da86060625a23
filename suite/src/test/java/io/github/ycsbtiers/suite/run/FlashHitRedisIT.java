package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * flash-hit against a real redis-server, small and with a bound no run can miss (an hour), so that
 * every search is its unthrottled step (the search itself is checked in {@link SearchRedisIT}): a
 * search row per hit target and set:get ratio, and the INFO deltas a remote target gives agree with
 * the operations each step reported. A plain Redis keeps every key in memory, so its keyspace hit
 * ratio is 1 at any hit target, and the report must call it a keyspace ratio, not a RAM hit ratio.
 */
class FlashHitRedisIT {
  private static final int RECORDS = 2000;

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path dir;

  @Test
  void everyConfigurationHasARowAndTheInfoDeltasMatchTheOperations() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("flash-hit", "--target", "r=redis,redis.host=" + redis.host() + ",redis.port="
        + redis.port(), "--records", Integer.toString(RECORDS), "--threads", "4", "--warmup", "1", "--duration", "2",
        "--slo", "p99<3600s", "--slo-precision", "50", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    String md = Files.readString(out.resolve("summary.md"));
    String json = Files.readString(out.resolve("summary.json"));

    List<String> configurations = new ArrayList<>();
    for (List<String> row : SuiteCli.table(md, "Latency-bound search (intended p99 < 3600000000 us)")) {
      if (row.size() == 10) {
        configurations.add(row.get(1) + " " + row.get(2));
        assertNotEquals("none", row.get(3), row.toString());
        assertEquals("1.000 (keyspace)", row.get(6), "a remote hit ratio is a keyspace ratio: " + row);
      }
    }
    assertEquals(List.of("50% hit set:get 1:1", "50% hit set:get 4:1", "50% hit set:get 1:4", "85% hit set:get 1:1",
        "85% hit set:get 4:1", "85% hit set:get 1:4"), configurations, md);
    assertTrue(md.contains("not of reads served from RAM"), md);
    assertTrue(md.contains("- r: hit ratio = [SERVER] KeyspaceHits / (hits + misses)"), md);

    List<SearchJson.Search> searches = SearchJson.read(out);
    assertEquals(6, searches.size());
    // every phase, each search step included, has its timeline, charted, linked from search.md and summary.md
    String searchMd = Files.readString(out.resolve("search.md"));
    for (SearchJson.Search s : searches) {
      assertEquals("1", s.get("chosenStep"), "no run misses an hour: the unthrottled step is the answer " + s);
      for (Map<String, String> step : s.steps()) {
        String base = step.get("report").substring(0, step.get("report").length() - ".txt".length());
        Path timeline = out.resolve(base + "-timeline.jsonl");
        assertTrue(Files.readAllLines(timeline).stream().anyMatch(l -> l.contains("\"phase\":\"measured\"")
            && l.contains("\"server\":{")), timeline + " has measured rows with the server's side");
        String chart = "charts/timeline-r-" + Path.of(base).getFileName() + ".png";
        assertTrue(Files.size(out.resolve(chart)) > 0, chart);
        assertTrue(searchMd.contains(step.get("report") + " ([timeline](" + chart + "))"), searchMd);
        assertTrue(md.contains("(" + chart + ")"), "summary.md's Timelines section links " + chart);
      }
    }
    for (SearchJson.Search s : searches) {
      for (Map<String, String> step : s.steps()) {
        Map<String, String> m = SuiteCli.metrics(out.resolve(step.get("report")));
        Map<String, String> info = SuiteCli.detailsOf(json, step.get("report"));
        long reads = SuiteCli.measuredOperations(m, "READ");
        assertTrue(reads > 0 && SuiteCli.operations(m, "READ") > reads, "a warm-up and a measured phase: " + step);
        // the server's figures cover the measured phase only: every measured GET is a keyspace
        // look-up (every key was loaded: all hits), the warm-up's are not counted
        assertEquals(reads, Long.parseLong(info.get("server.KeyspaceHits")), s.get("phase") + ": " + info);
        assertEquals(reads, Long.parseLong(info.get("server.Calls-GET")), s.get("phase") + ": " + info);
        assertEquals("0", info.get("server.KeyspaceMisses"), info.toString());
        assertEquals("0", info.get("server.EvictedKeys"), info.toString());
        assertTrue(Long.parseLong(info.get("server.UsedMemory")) > RECORDS * 1024L, info.toString());
        assertEquals("1", step.get("hitRatio"), step.toString());
        assertEquals("SERVER", step.get("hitSource"), step.toString());
      }
    }

    // the server's own command counts: a SET per insert and update, a GET per read, over every phase
    long sets = 0;
    long gets = 0;
    try (Stream<Path> files = Files.list(out.resolve("raw/r"))) {
      // each phase's stdout (NN-...txt), not its export file (-report.txt), which has the same figures
      for (Path txt : files.filter(f -> f.toString().endsWith(".txt") && !f.toString().endsWith("-report.txt"))
          .toList()) {
        Map<String, String> m = SuiteCli.metrics(txt);
        sets += SuiteCli.operations(m, "INSERT") + SuiteCli.operations(m, "UPDATE");
        gets += SuiteCli.operations(m, "READ");
      }
    }
    Map<String, Long> calls = redis.server().commandCalls();
    assertEquals(sets, calls.get("set"), calls.toString());
    assertEquals(gets, calls.get("get"), calls.toString());
  }
}
