package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C (SIGINT) keeps the finished phases, writes a summary of them and removes the stores. */
class InterruptIT {
  /** A target name no other test uses: other tests' suites may have stores under /dev/shm meanwhile. */
  private static final String TARGET = "interrupted";

  @TempDir
  Path dir;

  @Test
  void sigintWritesASummaryOfTheFinishedPhases() throws Exception {
    Path root = YcsbProcess.projectRoot();
    Path results = dir.resolve("results");
    Set<String> shmBefore = shm();
    // env restores SIGINT's default action: a process started in the background of a shell
    // without job control (`cmd &` in a script) inherits SIGINT ignored, and so would the suite
    Process p = new ProcessBuilder("env", "--default-signal=INT", root.resolve("bin/ycsb-suite").toString(),
        "tier-ratio", "--target", TARGET + "=tiered,tiered.medium=pmem", "--records", "20000", "--threads", "2", "--warmup", "0", "--out", results.toString())
        .directory(root.toFile()).redirectInput(new File("/dev/null"))
        .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
    try {
      Path third = results.resolve("raw/" + TARGET + "/03-7-1-zipfian-read.log");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (Files.notExists(third) && p.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(Files.exists(third), "the third phase started; stderr:\n" + Files.readString(dir.resolve("stderr")));
      Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
      assertEquals(0, kill.waitFor());
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the suite stopped");
    } finally {
      p.destroyForcibly();
    }
    String err = Files.readString(dir.resolve("stderr"));
    assertEquals(130, p.exitValue(), err);
    assertTrue(err.contains("interrupted: keeping the 2 finished phases"), err);
    String md = Files.readString(results.resolve("summary.md"));
    assertTrue(md.contains("status: interrupted"), md);
    List<List<String>> rows = SuiteCli.table(md, TARGET);
    assertEquals(List.of("load", "uniform-read"), rows.stream().map(r -> r.get(1)).toList(), md);
    assertTrue(Files.readString(results.resolve("summary.json")).contains("\"status\": \"interrupted\""));
    assertTrue(Files.size(results.resolve("charts/qps.png")) > 0, "charts of what finished");
    assertTrue(Files.readString(results.resolve("index.html")).contains("interrupted"), "the page of what finished");
    Set<String> left = shm();
    left.removeAll(shmBefore);
    assertEquals(Set.of(), left, "the pmem store under /dev/shm is removed");
  }

  private static Set<String> shm() throws Exception {
    try (Stream<Path> s = Files.list(Path.of("/dev/shm"))) {
      return s.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("ycsb-suite-" + TARGET + "-"))
          .collect(Collectors.toSet());
    }
  }
}
