package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rounds 2 --reload} on two embedded targets: every round of a group is each target's
 * Load into a fresh store followed by its run phases, the targets taking turns round by round;
 * the Loads are rounds too (a min–max cell, round details), and the notes say so. The run phases
 * are Uniform-Read's alone ({@code --only uniform-read}: each group's Load stays), which also
 * checks {@code --only} end to end.
 */
class RoundsReloadIT {
  @TempDir
  Path dir;

  @Test
  void everyRoundLoadsAFreshStoreAndTheTargetsTakeTurns() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("tier-ratio", "--target", "pmem=tiered,tiered.medium=pmem",
        "--target", "disk=tiered,tiered.medium=disk", "--records", "2000", "--threads", "2", "--warmup", "0",
        "--rounds", "2", "--reload", "--only", "uniform-read", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    // per group: pmem's Load and Uniform-Read, disk's, then round 2 the same: steps 1-8 for 7:1
    List<String> expected = List.of("pmem/01-7-1-load-r1.txt", "pmem/02-7-1-uniform-read-r1.txt",
        "disk/03-7-1-load-r1.txt", "disk/04-7-1-uniform-read-r1.txt", "pmem/05-7-1-load-r2.txt",
        "disk/07-7-1-load-r2.txt", "disk/08-7-1-uniform-read-r2.txt", "pmem/09-1-4-load-r1.txt",
        "disk/16-1-4-uniform-read-r2.txt");
    for (String f : expected) {
      assertTrue(Files.exists(out.resolve("raw").resolve(f)), f + " in " + list(out.resolve("raw")));
    }
    for (String f : List.of("pmem/01-7-1-load-r1.txt", "pmem/05-7-1-load-r2.txt", "disk/07-7-1-load-r2.txt")) {
      // a fresh store each round: the Load inserted every record, and its store warmed up with nothing
      assertEquals("2000", SuiteCli.metrics(out.resolve("raw").resolve(f)).get("[INSERT] Return=OK"), f);
      assertEquals("0", SuiteCli.metrics(out.resolve("raw").resolve(f)).get("[TIER] WarmupRecords"), f);
    }
    String json = Files.readString(out.resolve("summary.json"));
    String results = json.substring(0, json.indexOf("\"cells\": ["));
    assertEquals(16, results.split("\"phase\"").length - 1, "every phase of every round in summary.json's results");
    assertEquals(8, json.substring(json.indexOf("\"cells\": [")).split("\"rounds\": 2").length - 1,
        "every cell of 2 rounds, Loads included (--reload): " + json);
    String md = Files.readString(out.resolve("summary.md"));
    assertTrue(md.contains("--reload: each round loads a fresh store first"), md);
    assertTrue(md.contains("two runs of 2 rounds give a cell disjoint ranges one time in 3 even when nothing differs"), md);
    for (List<String> row : SuiteCli.table(md, "pmem")) {
      if (row.get(1).equals("load")) {
        assertTrue(row.get(2).matches("[0-9,]+(–[0-9,]+)?"), "a Load's QPS over its rounds: " + row);
      }
    }
  }

  private static List<String> list(Path raw) throws Exception {
    try (Stream<Path> files = Files.walk(raw)) {
      return files.filter(p -> p.toString().endsWith(".txt")).map(p -> raw.relativize(p).toString()).sorted().toList();
    }
  }
}
