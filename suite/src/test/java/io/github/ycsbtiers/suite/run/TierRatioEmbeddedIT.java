package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tier-ratio on two embedded targets (pmem and disk): tables equal the raw YCSB outputs. */
class TierRatioEmbeddedIT {
  @TempDir
  Path dir;

  @Test
  void writesEightRowsPerTargetAndASideBySideTableThatMatchTheRawOutputs() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--target", "pmem=tiered,tiered.medium=pmem",
        "--target", "disk=tiered,tiered.medium=disk", "--records", "8000", "--threads", "4", "--warmup", "0", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("## Side by side"), r.out());
    String md = Files.readString(out.resolve("summary.md"));
    for (String target : List.of("pmem", "disk")) {
      List<List<String>> rows = SuiteCli.table(md, target);
      assertEquals(8, rows.size(), md);
      for (List<String> row : rows) {
        Map<String, String> raw = SuiteCli.metrics(SuiteCli.raw(out, target, row.get(0), row.get(1)));
        String op = row.get(1).equals("load") ? "[INSERT]" : "[READ]";
        assertNear(raw.get("[OVERALL] Throughput(ops/sec)"), row.get(2), 0.5, row);
        if (!row.get(1).equals("uniform-update5050")) {
          assertNear(raw.get(op + " AverageLatency(us)"), row.get(3), 0.05, row);
          assertEquals(raw.get(op + " 99thPercentileLatency(us)"), row.get(4), row.toString());
        }
        if (!row.get(1).equals("load")) {
          assertNear(raw.get("[READ] AverageLatency(us)"), row.get(5), 0.05, row);
          assertEquals(raw.get("[READ] 99thPercentileLatency(us)"), row.get(6), row.toString());
          assertNear(raw.get("[TIER] DramHitRatio"), row.get(9), 0.005, row);
        }
        if (row.get(1).equals("uniform-update5050")) {
          assertNear(raw.get("[UPDATE] AverageLatency(us)"), row.get(7), 0.05, row);
          assertEquals(raw.get("[UPDATE] 99thPercentileLatency(us)"), row.get(8), row.toString());
        }
      }
    }
    List<List<String>> side = SuiteCli.table(md, "Side by side");
    assertEquals(8, side.size(), md);
    assertEquals(List.of("memory:data", "phase", "pmem QPS", "disk QPS", "pmem/disk", "pmem p99 (us)",
        "disk p99 (us)", "pmem hit", "disk hit"), SuiteCli.header(md, "Side by side"));
    for (List<String> row : side) {
      double pmem = Double.parseDouble(SuiteCli.metrics(SuiteCli.raw(out, "pmem", row.get(0), row.get(1)))
          .get("[OVERALL] Throughput(ops/sec)"));
      double disk = Double.parseDouble(SuiteCli.metrics(SuiteCli.raw(out, "disk", row.get(0), row.get(1)))
          .get("[OVERALL] Throughput(ops/sec)"));
      assertNear(Double.toString(pmem), row.get(2), 0.5, row);
      assertNear(Double.toString(disk), row.get(3), 0.5, row);
      assertEquals(String.format(Locale.ROOT, "%.2fx", pmem / disk), row.get(4), "one round: the ratio alone " + row);
    }
    // operationcount: recordcount at 7:1, recordcount / 32 at 1:4
    assertEquals("8000", SuiteCli.metrics(SuiteCli.raw(out, "pmem", "7:1", "uniform-read")).get("[READ] Operations"));
    assertEquals("250", SuiteCli.metrics(SuiteCli.raw(out, "disk", "1:4", "zipfian-read")).get("[READ] Operations"));
    for (String f : List.of("summary.csv", "summary.json", "charts/qps.png", "charts/qps.svg", "charts/p99.png",
        "charts/p99.svg", "charts/percentiles-1-4-uniform-update5050.png",
        "raw/pmem/01-7-1-load-INSERT.hdr")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
    assertEquals(17, Files.readAllLines(out.resolve("summary.csv")).size());
    // what limited each phase: one note per target naming all 8 phases, as each raw report's verdict says
    for (String target : List.of("pmem", "disk")) {
      String note = md.lines().filter(l -> l.startsWith("- " + target + ": what limited each phase")).findFirst()
          .orElseThrow(() -> new AssertionError("no bottleneck note for " + target + ":\n" + md));
      for (List<String> row : SuiteCli.table(md, target)) {
        String verdict = SuiteCli.metrics(SuiteCli.raw(out, target, row.get(0), row.get(1))).get("[BOTTLENECK] Verdict");
        assertTrue(note.contains(row.get(0) + " " + row.get(1) + " " + verdict), row + " " + verdict + " in: " + note);
      }
    }
    assertTrue(Files.readString(out.resolve("summary.json")).contains("\"bottleneck.Verdict\""), "summary.json details");
    assertTrue(Files.notExists(out.resolve("stores")) || isEmpty(out.resolve("stores")), "disk stores removed");
  }

  private static boolean isEmpty(Path dir) throws Exception {
    try (var s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  private static void assertNear(String raw, String table, double tolerance, List<String> row) {
    double expected = Double.parseDouble(raw);
    double actual = Double.parseDouble(table);
    assertTrue(Math.abs(expected - actual) <= tolerance + 1e-9,
        "table " + table + " vs raw " + raw + " in row " + row);
  }
}
