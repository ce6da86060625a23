package io.github.ycsbtiers.suite.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Main;
import io.github.ycsbtiers.testing.TestFiles;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb-suite compare} as a user runs it, on a real results directory: the smallest
 * value-size run (one value size, three phases of a few thousand operations on the embedded pmem
 * store, no warm-up) and a copy of it. The copy is the same run, so nothing may be significant; the
 * phases are shorter than four whole seconds, so the per-second test must say why it was not used.
 */
class CompareIT {
  @TempDir
  Path dir;

  record Run(int status, String out, String err) {
  }

  static Run compare(Path work, String... args) throws Exception {
    Path root = YcsbProcess.projectRoot();
    List<String> cmd = new ArrayList<>(List.of(root.resolve("bin/ycsb-suite").toString(), "compare"));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(work, "stdout", ".txt");
    Path err = Files.createTempFile(work, "stderr", ".txt");
    Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectInput(new File("/dev/null"))
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/ycsb-suite compare did not finish");
    } finally {
      p.destroyForcibly();
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void aRealRunAgainstItsCopyChangesNothing() throws Exception {
    Path a = dir.resolve("a");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(List.of("value-size", "--target", "pmem=tiered,tiered.medium=pmem", "--value-sizes", "128",
        "--data", "256k", "--warmup", "0", "--threads", "2", "--out", a.toString()),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    Path b = TestFiles.copyTree(a, dir.resolve("b"));

    Run r = compare(dir, a.toString(), b.toString(), "--fail-on-regression", "5");
    assertEquals(0, r.status(), r.err());
    List<List<String>> rows = CompareTest.rows(r.out());
    assertEquals(6, rows.size(), "load, workload C and A, each QPS and p99: " + r.out());
    for (List<String> row : rows) {
      assertEquals("pmem", row.get(0));
      assertEquals("+0.0%", row.get(6), row.toString());
      assertEquals("~ (p=1.000)", row.get(7), row.toString());
      assertTrue(row.get(8).startsWith("rounds 1+1, cannot reach 5% (smallest p 1.00)"), row.toString());
      if (row.get(3).equals("QPS")) {
        assertTrue(row.get(8).contains("; seconds not used: "), "the timelines were read: " + row);
      }
    }
    assertTrue(r.out().contains("warning: the two runs were taken at different times"), r.out());
    assertTrue(r.out().contains("--fail-on-regression 5%: 0 significant regressions"), r.out());
    Path json = b.resolve("compare-a.json");
    assertTrue(r.err().contains("JSON in " + json), r.err());
    List<Map<String, Object>> cells = CompareTest.jsonCells(json);
    assertEquals(6, cells.size());
    for (Map<String, Object> cell : cells) {
      assertEquals(false, cell.get("significant"), cell.toString());
      assertEquals(false, cell.get("regression"), cell.toString());
    }

    Run missing = compare(dir, a.toString(), dir.resolve("nothing").toString());
    assertEquals(2, missing.status());
    assertTrue(missing.err().startsWith("error: NEW_DIR " + dir.resolve("nothing") + ": no such directory"),
        missing.err());
    assertEquals("", missing.out());
  }
}
