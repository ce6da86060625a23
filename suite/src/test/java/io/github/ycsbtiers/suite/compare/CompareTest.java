package io.github.ycsbtiers.suite.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.map.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare on synthetic results directories (written by the suite's own report writer): identical
 * runs give "~" everywhere, a 2x change is significant with the right sign, one round each is tested
 * on its seconds, --fail-on-regression sets the exit status, bad input stops before any work.
 */
class CompareTest {
  @TempDir
  Path dir;

  record Outcome(int status, String out, String err) {
  }

  static Outcome compare(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of("compare"));
    all.addAll(List.of(args));
    int status = Main.run(all, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The table's rows, each as its cells. */
  static List<List<String>> rows(String md) {
    List<List<String>> rows = new ArrayList<>();
    for (String line : md.split("\n")) {
      if (line.startsWith("| ") && !line.startsWith("| target ")) {
        List<String> cells = new ArrayList<>();
        for (String c : line.substring(1, line.length() - 1).split("\\|")) {
          cells.add(c.trim());
        }
        rows.add(cells);
      }
    }
    return rows;
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> jsonCells(Path file) throws Exception {
    Map<String, Object> json = new ObjectMapper().readValue(file.toFile(), Map.class);
    assertEquals("ycsb-suite-compare/1", json.get("format"));
    return (List<Map<String, Object>>) json.get("cells");
  }

  @Test
  void identicalRunsAreNotSignificantAnywhere() throws Exception {
    Path a = SyntheticResults.write(dir.resolve("a"), "pmem", 4, 10_000, 100, 0);
    Path b = SyntheticResults.write(dir.resolve("b"), "pmem", 4, 10_000, 100, 0);
    Outcome o = compare(a.toString(), b.toString());
    assertEquals(0, o.status(), o.err());
    List<List<String>> rows = rows(o.out());
    assertEquals(4, rows.size(), "load and uniform-read, QPS and p99: " + o.out());
    for (List<String> row : rows) {
      assertEquals("+0.0%", row.get(6), row.toString());
      assertEquals("~ (p=1.000)", row.get(7), row.toString());
    }
    assertTrue(o.out().contains("warning: the two runs were taken at different times"), o.out());
    assertTrue(o.out().contains("interleave them: make both targets of one run"), o.out());
    Path json = b.resolve("compare-a.json");
    assertTrue(o.err().contains("JSON in " + json), o.err());
    for (Map<String, Object> cell : jsonCells(json)) {
      assertEquals(false, cell.get("significant"), cell.toString());
    }
  }

  @Test
  void aClearTwofoldChangeIsSignificantWithItsSign() throws Exception {
    Path slow = SyntheticResults.write(dir.resolve("slow"), "pmem", 4, 10_000, 100, 0);
    Path fast = SyntheticResults.write(dir.resolve("fast"), "pmem", 4, 20_000, 50, 0);
    Outcome o = compare(slow.toString(), fast.toString(), "--json", dir.resolve("out.json").toString());
    assertEquals(0, o.status(), "no --fail-on-regression: 0 either way; " + o.err());
    List<String> qps = row(o.out(), "uniform-read", "QPS");
    assertEquals("+100.0%", qps.get(6));
    assertEquals("yes (p=0.029)", qps.get(7), "4+4 rounds apart: 2 of C(8,4) = 70 splits");
    assertEquals("rounds 4+4", qps.get(8));
    List<String> p99 = row(o.out(), "uniform-read", "p99 (us)");
    assertEquals("-50.0%", p99.get(6));
    assertTrue(p99.get(7).startsWith("yes"), p99.toString());
    List<String> load = row(o.out(), "load", "QPS");
    assertEquals("~ (p=1.000)", load.get(7), "a Load of one round each, no timelines: untestable");
    assertTrue(load.get(8).contains("cannot reach 5% (smallest p 1.00); no per-second timelines"), load.toString());
    Map<String, Object> cell = jsonCells(dir.resolve("out.json")).stream()
        .filter(c -> c.get("phase").equals("uniform-read") && c.get("figure").equals("throughput")).findFirst()
        .orElseThrow();
    assertEquals(100.0, ((Number) cell.get("changePercent")).doubleValue(), 1e-9);
    assertEquals(2 / 70.0, ((Number) cell.get("p")).doubleValue(), 1e-12);
    assertEquals(true, cell.get("significant"));
    assertEquals("rounds", cell.get("test"));
    assertTrue(Files.notExists(fast.resolve("compare-slow.json")), "--json given: nothing beside NEW_DIR");
  }

  private static List<String> row(String md, String phase, String figure) {
    return rows(md).stream().filter(r -> r.get(2).equals(phase) && r.get(3).equals(figure)).findFirst()
        .orElseThrow(() -> new AssertionError(phase + " " + figure + " in " + md));
  }

  @Test
  void failOnRegressionSetsTheExitStatus() throws Exception {
    Path slow = SyntheticResults.write(dir.resolve("slow"), "pmem", 4, 10_000, 100, 0);
    Path fast = SyntheticResults.write(dir.resolve("fast"), "pmem", 4, 20_000, 50, 0);
    Outcome worse = compare(fast.toString(), slow.toString(), "--fail-on-regression", "5");
    assertEquals(Compare.REGRESSION, worse.status(), worse.err());
    assertTrue(worse.err().contains("regression: pmem 7:1 uniform-read QPS -50.0% (p=0.029)"), worse.err());
    assertTrue(worse.err().contains("regression: pmem 7:1 uniform-read p99 (us) +100.0%"), worse.err());
    assertTrue(worse.out().contains("--fail-on-regression 5%: 2 significant regressions beyond it"), worse.out());
    assertEquals(Compare.OK, compare(fast.toString(), slow.toString(), "--fail-on-regression", "150").status(),
        "regressions smaller than the bound (QPS -50%, p99 +100%)");
    assertEquals(Compare.OK, compare(slow.toString(), fast.toString(), "--fail-on-regression", "5%").status(),
        "an improvement");
    Path same = SyntheticResults.write(dir.resolve("same"), "pmem", 4, 10_000, 100, 0);
    assertEquals(Compare.OK, compare(slow.toString(), same.toString(), "--fail-on-regression", "0").status());
  }

  @Test
  void oneRoundEachIsTestedOnItsSeconds() throws Exception {
    Path a = SyntheticResults.write(dir.resolve("a"), "pmem", 1, 10_000, 100, 12);
    Path b = SyntheticResults.write(dir.resolve("b"), "pmem", 1, 20_000, 100, 12);
    Path c = SyntheticResults.write(dir.resolve("c"), "pmem", 1, 10_000, 100, 12);
    Outcome changed = compare(a.toString(), b.toString());
    List<String> qps = row(changed.out(), "uniform-read", "QPS");
    assertEquals("yes (p<0.001)", qps.get(7), qps.toString());
    assertTrue(qps.get(8).startsWith("seconds, 12+12 batches of 1 s (lag-1 autocorrelation "), qps.toString());
    List<String> p99 = row(changed.out(), "uniform-read", "p99 (us)");
    assertTrue(p99.get(8).startsWith("rounds 1+1, cannot reach 5%"), "p99 has no per-second test: " + p99);
    Outcome same = compare(a.toString(), c.toString());
    assertEquals("~ (p=1.000)", row(same.out(), "uniform-read", "QPS").get(7));
    assertTrue(same.out().contains("on seconds (test \"seconds\""), same.out());
  }

  @Test
  void tooFewSecondsFallBackToTheRoundsAndSaySo() throws Exception {
    Path a = SyntheticResults.write(dir.resolve("a"), "pmem", 1, 10_000, 100, 3);
    Path b = SyntheticResults.write(dir.resolve("b"), "pmem", 1, 20_000, 100, 3);
    List<String> qps = row(compare(a.toString(), b.toString()).out(), "uniform-read", "QPS");
    assertEquals("~ (p=1.000)", qps.get(7));
    assertTrue(qps.get(8).endsWith("seconds not used: 3 and 3 measured seconds: fewer than 4 a side"), qps.toString());
  }

  @Test
  void targetsOfOtherNamesAreMatchedWhenEachRunHasOne() throws Exception {
    Path a = SyntheticResults.write(dir.resolve("a"), "redis6", 4, 10_000, 100, 0);
    Path b = SyntheticResults.write(dir.resolve("b"), "redis7", 4, 10_000, 100, 0);
    Outcome o = compare(a.toString(), b.toString());
    assertEquals("redis6 → redis7", rows(o.out()).get(0).get(0));
    // two targets in the new run: names matter again, and cells of one run only are listed
    ResultDir one = ResultDir.read("OLD_DIR", a);
    List<ResultDir.Phase> phases = new ArrayList<>(one.results());
    phases.add(new ResultDir.Phase("pmem", "7:1", "load", 0, 5000, 300.0, List.of()));
    ResultDir both = new ResultDir("NEW_DIR", b, "tier-ratio", "memory:data", "t", "complete",
        List.of("redis6", "pmem"), phases.subList(1, phases.size()));
    Comparison c = Comparison.of(one, both);
    assertEquals(List.of("redis6 7:1 load"), c.onlyInOld());
    assertEquals(List.of("pmem 7:1 load"), c.onlyInNew());
    assertEquals(2, c.cells().size(), "uniform-read's QPS and p99");
    String md = CompareMarkdown.render(c, null);
    assertTrue(md.contains("only in the old run, not compared: redis6 7:1 load"), md);
    assertTrue(md.contains("only in the new run, not compared: pmem 7:1 load"), md);
  }

  @Test
  void badInputStopsBeforeAnyWorkNamingTheArgument() throws Exception {
    Path good = SyntheticResults.write(dir.resolve("good"), "pmem", 1, 10_000, 100, 0);
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path missing = dir.resolve("missing");
    check(compare(missing.toString(), good.toString()), "error: OLD_DIR " + missing + ": no such directory");
    check(compare(good.toString(), empty.toString()), "error: NEW_DIR " + empty + ": no summary.json");
    check(compare(good.resolve("summary.json").toString(), good.toString()), "not a directory");
    check(compare(good.toString(), good.toString(), "--colour"), "error: option --colour: unknown option of compare");
    check(compare(good.toString()), "error: compare takes two results directories, OLD_DIR and NEW_DIR; got 1");
    check(compare(good.toString(), good.toString(), "--fail-on-regression", "lots"),
        "error: --fail-on-regression lots: a percentage");
    check(compare(good.toString(), good.toString(), "--fail-on-regression"), "error: --fail-on-regression: missing");
    check(compare(good.toString(), good.toString(), "--json", dir.resolve("no/such/out.json").toString()),
        "error: --json " + dir.resolve("no/such/out.json"));
    Files.writeString(empty.resolve("summary.json"), "{\"format\": \"something-else/3\"}");
    check(compare(good.toString(), empty.toString()), "summary.json has format something-else/3");
    Files.writeString(empty.resolve("summary.json"), "{not json");
    check(compare(good.toString(), empty.toString()), "summary.json is not readable JSON");
    assertFalse(Files.exists(good.resolve("compare-good.json")), "nothing written");
  }

  private static void check(Outcome o, String error) {
    assertEquals(Compare.BAD_INPUT, o.status(), o.err());
    assertTrue(o.err().contains(error), o.err());
    assertEquals("", o.out(), "no table before the input is checked");
  }

  @Test
  void helpAndDryRun() {
    Outcome help = compare("--help");
    assertEquals(0, help.status());
    assertTrue(help.out().startsWith("usage: bin/ycsb-suite compare OLD_DIR NEW_DIR"), help.out());
    Outcome dry = compare("results/a", "results/b", "--dry-run");
    assertEquals(0, dry.status(), dry.err());
    assertTrue(dry.err().contains("nothing was read"), dry.err());
    assertNull(CompareOptions.fromArgs(List.of("a", "b")).failOnRegression());
    assertEquals(Path.of("b").resolve("compare-a.json"), CompareOptions.fromArgs(List.of("a", "b")).jsonFile());
  }
}
