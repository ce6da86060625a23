package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.report.HdrLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short fixed warm-up (--warmup 1) reaches every run phase's bin/ycsb, not the Load's: each run
 * phase's report has a [WARMUP] section of at least the second asked, and the notes and
 * summary.json say what the sections reported.
 */
class WarmupIT {
  private static final List<String> RUN_PHASES = List.of("workloadc-zipfian", "workloada-zipfian");

  @TempDir
  Path dir;

  @Test
  void runPhasesWarmUpLoadsAreMeasuredWholeAndTheNotesSaySo() throws Exception {
    Path out = dir.resolve("results");
    SuiteCli.Outcome r = SuiteCli.run("value-size", "--target", "pmem=tiered,tiered.medium=pmem", "--value-sizes",
        "128", "--data", "64k", "--operations", "5000", "--threads", "2", "--warmup", "1", "--out", out.toString());
    assertEquals(0, r.status(), r.err());
    Path load = SuiteCli.raw(out, "pmem", "128 B", "load");
    assertFalse(Files.readString(log(load)).contains("warmuptime"), "a Load is not warmed up by default");
    assertFalse(SuiteCli.metrics(load).containsKey("[WARMUP] RunTime(ms)"));
    String json = Files.readString(out.resolve("summary.json"));
    for (String phase : RUN_PHASES) {
      Path raw = SuiteCli.raw(out, "pmem", "128 B", phase);
      String commandLine = Files.readAllLines(log(raw)).stream().filter(l -> l.startsWith("Command line:"))
          .findFirst().orElseThrow();
      assertTrue(commandLine.contains("-p warmuptime=1"), commandLine);
      Map<String, String> m = SuiteCli.metrics(raw);
      // the HdrHistogram logs (the 50/50 p99, the percentile charts) hold the measured operations only
      for (String op : phase.equals("workloadc-zipfian") ? List.of("READ") : List.of("READ", "UPDATE")) {
        Path hdr = raw.resolveSibling(raw.getFileName().toString().replace(".txt", "-" + op + ".hdr"));
        assertEquals(Long.parseLong(m.get("[" + op + "] Operations")), HdrLogs.merge(List.of(hdr)).getTotalCount(),
            hdr.toString());
      }
      // bin/ycsb warmed up for the second asked, and the suite keeps its section's figures as they are
      String ms = m.get("[WARMUP] RunTime(ms)");
      assertTrue(ms != null && Long.parseLong(ms) >= 1000, phase + ": [WARMUP] RunTime(ms) " + ms + " in " + m);
      assertTrue(Long.parseLong(m.get("[WARMUP] Operations")) > 0, phase + ": " + m);
      assertTrue(json.contains("\"warmupMs\": " + ms + ",\n      \"warmupOperations\": "
          + m.get("[WARMUP] Operations") + ","), json);
    }
    String notes = Files.readString(out.resolve("summary.md"));
    notes = notes.substring(notes.indexOf("## Notes"));
    assertTrue(notes.matches("(?s).*\n- run phases warmed up first \\(warmuptime=1\\): [0-9.-]+ s, not measured;"
        + " loads measured whole\n.*"), notes);
  }

  private static Path log(Path raw) {
    String name = raw.getFileName().toString();
    return raw.resolveSibling(name.substring(0, name.length() - ".txt".length()) + ".log");
  }
}
