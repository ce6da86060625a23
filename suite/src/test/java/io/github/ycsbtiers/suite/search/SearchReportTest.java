package io.github.ycsbtiers.suite.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Golden;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchReportTest {
  @TempDir
  Path dir;

  private static SearchOutcome outcome() {
    Bisection b = new Bisection(Slo.parse("p99<1ms"), 0.25);
    b.record(10_000, 4000, 3900, 0.84, null, "raw/t/01-s01.txt");
    b.record(4990, 600, 300, 0.86, null, "raw/t/01-s02.txt");
    b.record(7400, 1500, 400, 0.85, null, "raw/t/01-s03.txt");
    b.record(6200, 900, 350, 0.85, null, "raw/t/01-s04.txt");
    return b.outcome("t", "85% hit", "set:get 1:1");
  }

  /** Two searches, one with the DRAM tier's hit ratio and one with a keyspace's, a step's timeline linked. */
  static List<SearchOutcome> sample() {
    Bisection keyspace = new Bisection(Slo.parse("p99<1ms"), 0.25);
    keyspace.record(20_000, 1_500, 400, 1.0, "INFO", "raw/r/02-s01.txt");
    keyspace.record(9_990, 500, 300, 1.0, "INFO", "raw/r/02-s02.txt");
    return List.of(outcome(), keyspace.outcome("r", "85% hit", "set:get 1:1"));
  }

  @Test
  void theReportMatchesItsGoldenInEveryFormat() throws Exception {
    List<SearchOutcome> searches = sample();
    assertEquals(Golden.read("search.md"), SearchReport.markdown(searches, java.util.Map.of()));
    assertEquals(Golden.read("search.json"), SearchReport.json(searches));
  }

  @Test
  void aHitRatioSaysWhetherItIsTheDramTiersOrAKeyspaceRatio() {
    Bisection dram = new Bisection(Slo.parse("p99<1ms"), 0.25);
    dram.record(10_000, 400, 300, 0.851, "TIER", "raw/p/02-s01.txt");
    Bisection keyspace = new Bisection(Slo.parse("p99<1ms"), 0.25);
    keyspace.record(20_000, 500, 400, 1.0, "INFO", "raw/r/02-s01.txt");
    List<SearchOutcome> both = List.of(dram.outcome("p", "85% hit", "set:get 1:1"),
        keyspace.outcome("r", "85% hit", "set:get 1:1"));
    String md = SearchReport.markdown(both);
    assertTrue(md.contains("| p | 85% hit | set:get 1:1 | 10,000 | 400 | 300 | 0.851 (DRAM) |"), md);
    assertTrue(md.contains("| r | 85% hit | set:get 1:1 | 20,000 | 500 | 400 | 1.000 (keyspace) |"), md);
    assertTrue(md.contains("| 1 | unthrottled | 20,000 | 500 | 400 | 1.000 (keyspace) | chosen |"), md);
    assertTrue(md.contains("not of reads served from RAM"), md);
    assertTrue(SearchReport.json(both).contains("\"hitRatio\": 1, \"hitSource\": \"INFO\", \"met\": true"));
    assertTrue(!SearchReport.markdown(List.of(both.get(0))).contains("(keyspace)"), "no keyspace sentence without one");
  }

  @Test
  void tablesJsonAndChart() throws Exception {
    SearchOutcome o = outcome();
    assertEquals(6250, o.chosenRate());
    assertEquals(7500, o.nextStepUp().targetRate());
    String md = SearchReport.markdown(List.of(o));
    assertTrue(md.contains("| t | 85% hit | set:get 1:1 | 6,250 | 900 | 350 | 0.850 | 7,500: p99 1,500 us | 4 |"), md);
    assertTrue(md.contains("| 4 | 6,250 | 6,200 | 900 | 350 | 0.850 | chosen |"), md);
    assertTrue(md.contains("| 1 | unthrottled | 10,000 | 4,000 | 3,900 | 0.840 | no |"), md);
    String json = SearchReport.json(List.of(o));
    assertTrue(json.contains("\"format\": \"ycsb-suite-search/1\""), json);
    assertTrue(json.contains("\"chosenRate\": 6250, \"chosenStep\": 4"), json);
    assertTrue(json.contains("{\"number\": 1, \"targetRate\": 0, \"throughput\": 10000, \"latencyUs\": 4000,"
        + " \"opP99Us\": 3900, \"hitRatio\": 0.84, \"hitSource\": null, \"met\": false"), json);
    List<String> files = SearchReport.write(List.of(o), dir).written();
    assertTrue(files.contains("charts/search-t-85-hit-set-get-1-1.png"), files.toString());
    assertTrue(Files.size(dir.resolve("charts/search-t-85-hit-set-get-1-1.png")) > 1000);
    assertTrue(Files.size(dir.resolve("charts/search-t-85-hit-set-get-1-1.svg")) > 1000);
    assertTrue(SearchReport.chart(o).getSeriesMap().containsKey("chosen: 6,250 ops/s"));
  }
}
