package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb-suite as a user runs it: refusals come before any phase, with one clear line. */
class CommandLineIT {
  @TempDir
  Path dir;

  record Run(int status, String out, String err) {
  }

  Run suite(String... args) throws Exception {
    Path root = YcsbProcess.projectRoot();
    List<String> cmd = new ArrayList<>(List.of(root.resolve("bin/ycsb-suite").toString()));
    cmd.addAll(List.of(args));
    Path out = dir.resolve("stdout");
    Path err = dir.resolve("stderr");
    Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectInput(new File("/dev/null"))
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/ycsb-suite did not finish");
    } finally {
      p.destroyForcibly();
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void unknownScenarioIsRefused() throws Exception {
    Path results = dir.resolve("results");
    Run r = suite("tier-ration", "--out", results.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().startsWith("error: scenario tier-ration: unknown scenario; use one of tier-ratio, value-size, bitmap-commands, rta-mix, flash-hit, cluster-qps\n"),
        r.err());
    assertTrue(Files.notExists(results), "no phase ran");
  }

  @Test
  void malformedTargetIsRefused() throws Exception {
    Path results = dir.resolve("results");
    Run r = suite("tier-ratio", "--target", "pmem:tiered", "--out", results.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().startsWith("error: --target pmem:tiered: expected NAME=BINDING[,prop=value...]"), r.err());
    Run noValue = suite("tier-ratio", "--target", "x=redis,redis.port", "--out", results.toString());
    assertEquals(2, noValue.status());
    assertTrue(noValue.err().contains("'redis.port' is not prop=value"), noValue.err());
    assertTrue(Files.notExists(results), "no phase ran");
  }

  @Test
  void malformedWarmupIsRefused() throws Exception {
    Path results = dir.resolve("results");
    Run r = suite("tier-ratio", "--warmup", "10s", "--out", results.toString());
    assertEquals(2, r.status());
    assertTrue(r.err().startsWith("error: --warmup 10s: auto, or a whole number of seconds from 0 (no warm-up) to"
        + " 86400\n"), r.err());
    assertTrue(Files.notExists(results), "no phase ran");
  }

  @Test
  void unreachableTargetIsRefusedBeforeAnyPhase() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path results = dir.resolve("results");
    Run r = suite("tier-ratio", "--target", "pmem=tiered", "--target", "far=redis,redis.host=127.0.0.1,redis.port="
        + port, "--records", "1000", "--out", results.toString());
    assertEquals(1, r.status());
    assertTrue(r.err().startsWith("error: target far: cannot reach 127.0.0.1:" + port), r.err());
    assertTrue(r.err().contains("no phase was run"), r.err());
    assertTrue(Files.notExists(results), "no phase ran");
  }

  @Test
  void aFailedPhaseStopsTheSuiteWithASummaryOfWhatFinished() throws Exception {
    Path results = dir.resolve("results");
    Run r = suite("tier-ratio", "--target", "bad=tiered,tiered.raito=1:4", "--records", "100", "--out",
        results.toString());
    assertEquals(1, r.status());
    assertTrue(r.err().contains("error: bad: 7:1 load failed (exit status "), r.err());
    assertTrue(r.err().contains("tiered.raito"), "the binding's own error line is shown: " + r.err());
    String md = Files.readString(results.resolve("summary.md"));
    assertTrue(md.contains("status: failed"), md);
  }

  @Test
  void helpListsTheScenarios() throws Exception {
    Run r = suite("--help");
    assertEquals(0, r.status(), r.err());
    assertTrue(r.out().contains("scenarios: tier-ratio, value-size, bitmap-commands, rta-mix, flash-hit, cluster-qps"), r.out());
  }
}
