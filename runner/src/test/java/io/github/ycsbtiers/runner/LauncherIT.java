package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives {@code bin/ycsb} in a child process, exactly as the acceptance commands do. */
class LauncherIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path dir;

  static final class Result {
    final int status;
    final String out;
    final String err;
    final long millis;

    Result(int status, String out, String err, long millis) {
      this.status = status;
      this.out = out;
      this.err = err;
      this.millis = millis;
    }
  }

  private Result ycsb(Map<String, String> env, Path launcher, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(launcher.toString());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile());
    Path in = dir.resolve("in-" + System.nanoTime());
    Files.writeString(in, env.getOrDefault("STDIN_TEXT", ""));
    pb.redirectInput(in.toFile());
    pb.environment().putAll(env);
    Path out = dir.resolve("out-" + System.nanoTime());
    Path err = dir.resolve("err-" + System.nanoTime());
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    long start = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bin/ycsb did not finish: " + cmd);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8), millis);
  }

  private Result ycsb(String... args) throws Exception {
    return ycsb(Map.of(), ROOT.resolve("bin/ycsb"), args);
  }

  @Test
  void loadsTenThousandRecordsAtTheTopOfFiveBillion() throws Exception {
    Result r = ycsb("load", "basic", "-P", "workloads/load", "-p", "recordcount=5120000000",
        "-p", "insertstart=5119990000", "-p", "insertcount=10000", "-s");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.contains("[INSERT], Operations, 10000\n"), r.out);
  }

  @Test
  void threeBillionOperationsStopAfterMaxExecutionTime() throws Exception {
    Result r = ycsb("run", "basic", "-P", "workloads/uniform-read", "-p", "recordcount=5120000000",
        "-p", "operationcount=3000000000", "-p", "maxexecutiontime=2");
    assertEquals(0, r.status, r.err);
    assertTrue(r.millis >= 2000 && r.millis < 30_000, "took " + r.millis + " ms");
    for (String line : r.out.split("\n")) {
      if (line.startsWith("[")) {
        String value = line.substring(line.lastIndexOf(", ") + 2);
        assertFalse(value.startsWith("-"), "negative value: " + line);
      }
    }
    assertTrue(r.out.contains("[READ], Operations, "), r.out);
  }

  @Test
  void argumentsWithSpacesAndQuotesPassIntact() throws Exception {
    Result r = ycsb("run", "basic", "-P", "workloads/uniform-read", "-p", "operationcount=10", "-s",
        "-l", "my \"quoted\" label ");
    assertEquals(0, r.status, r.err);
    assertTrue(r.err.contains("\nmy \"quoted\" label 20"), r.err);
  }

  @Test
  void classPathAndJvmArgumentsAreHonoured() throws Exception {
    Path gc1 = dir.resolve("gc1.log");
    Path gc2 = dir.resolve("gc2.log");
    Result r = ycsb(Map.of("JAVA_OPTS", "-Xlog:gc:file=" + gc1), ROOT.resolve("bin/ycsb"),
        "-cp", ROOT.resolve("runner/target/test-classes").toString(), "-jvm-args", "-Xlog:gc:file=" + gc2,
        "-db", TestBindings.Ok.class.getName(), "-t", "-P", "workloads/workloadb", "-p", "operationcount=100");
    assertEquals(0, r.status, r.err);
    assertTrue(Files.exists(gc1), "JAVA_OPTS ignored");
    assertTrue(Files.exists(gc2), "-jvm-args ignored");
    assertTrue(r.out.contains("[READ], Return=OK, "), r.out);
  }

  @Test
  void badInputGivesOneLineAndNonZeroExit() throws Exception {
    assertOneErrorLine(ycsb("run", "basic", "-P", "workloads/uniform-read", "-p", "requestdistribution=foo"),
        "requestdistribution");
    assertOneErrorLine(ycsb("load", "basic", "-P", "workloads/load", "-p", "recordcount=-1"), "recordcount");
    assertOneErrorLine(ycsb("load", "basic", "-P", "workloads/missing"), "workloads/missing");
    assertOneErrorLine(ycsb("load", "mongo", "-P", "workloads/load"), "unknown binding 'mongo'");
  }

  private static void assertOneErrorLine(Result r, String fragment) {
    assertEquals(2, r.status, r.err);
    long errors = r.err.lines().filter(l -> l.startsWith("error: ")).count();
    assertEquals(1, errors, r.err);
    assertTrue(r.err.contains(fragment), r.err);
    assertFalse(r.out.contains("[OVERALL]"), r.out);
  }

  @Test
  void anUnbuiltCheckoutPrintsTheBuildCommand() throws Exception {
    Path fakeRoot = dir.resolve("checkout");
    Files.createDirectories(fakeRoot.resolve("bin"));
    Path launcher = fakeRoot.resolve("bin/ycsb");
    Files.copy(ROOT.resolve("bin/ycsb"), launcher);
    assertTrue(launcher.toFile().setExecutable(true));
    Result r = ycsb(Map.of(), launcher, "load", "basic");
    assertEquals(2, r.status);
    assertTrue(r.err.contains("mvn -q -B -DskipTests package"), r.err);
  }

  @Test
  void shellRunsUpstreamsInteractiveCommands() throws Exception {
    Result r = ycsb(Map.of("STDIN_TEXT", "insert k1 f=v\nread k1\nquit\n"), ROOT.resolve("bin/ycsb"),
        "shell", "basic");
    assertEquals(0, r.status, r.err);
    assertTrue(r.out.contains("Return code: OK"), r.out);
  }

  @Test
  void helpListsBindings() throws IOException, Exception {
    Result r = ycsb("-h");
    assertEquals(0, r.status);
    assertTrue(r.out.contains("Bindings: basic"), r.out);
  }
}
