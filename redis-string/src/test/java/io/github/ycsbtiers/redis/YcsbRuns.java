package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/** Runs {@code bin/ycsb ... redis} as a user does, and the checks every IT makes of its output. */
final class YcsbRuns {
  static final Duration TIMEOUT = Duration.ofMinutes(2);
  static final int RECORDS = 1000;

  private YcsbRuns() {
  }

  /** The record shapes of the issue: the white papers' one 100-byte field, ten fields in one String, a Hash. */
  enum Shape {
    STRING_ONE_FIELD("string", 1),
    STRING_TEN_FIELDS("string", 10),
    HASH("hash", 10);

    final String group;
    final int fields;

    Shape(String group, int fields) {
      this.group = group;
      this.fields = fields;
    }

    List<String> args() {
      return List.of("-p", "redis.command_group=" + group, "-p", "fieldcount=" + fields, "-p", "fieldlength=100");
    }
  }

  static YcsbProcess.Result ycsb(String phase, List<String> target, List<String> more) {
    return ycsb(Map.of(), phase, target, more);
  }

  static YcsbProcess.Result ycsb(Map<String, String> env, String phase, List<String> target, List<String> more) {
    List<String> args = new ArrayList<>(List.of(phase, "redis"));
    args.addAll(target);
    args.addAll(more);
    return YcsbProcess.run(TIMEOUT, env, args);
  }

  /**
   * Waits until {@code server} has served a {@code command} of the run (bin/ycsb's JVM is slow to
   * start on a loaded machine, so a fault timed from the launch could come before the run); fails
   * with the run's output if it ends first.
   */
  static void awaitFirst(RedisServer server, String command, CompletableFuture<YcsbProcess.Result> run)
      throws InterruptedException {
    long deadline = System.nanoTime() + TIMEOUT.toNanos() / 4;
    while (server.commandCalls().getOrDefault(command, 0L) == 0) {
      if (run.isDone()) {
        YcsbProcess.Result r = run.join();
        fail("the run ended before any " + command + " on " + server + ": " + r.err() + "\n" + r.out());
      }
      assertTrue(System.nanoTime() < deadline, "no " + command + " on " + server + " within " + TIMEOUT.dividedBy(4));
      TimeUnit.MILLISECONDS.sleep(50);
    }
  }

  static List<String> args(String... args) {
    return Arrays.asList(args);
  }

  /**
   * Loads {@value #RECORDS} records of {@code shape} and runs workload A on them with data
   * integrity checks; both phases must end well with no ERROR and every read verified. Returns
   * the run phase's result.
   */
  static YcsbProcess.Result roundTrip(List<String> target, Shape shape) {
    return roundTrip(Map.of(), target, shape);
  }

  /** As {@link #roundTrip(List, Shape)}; returns the run phase's result. */
  static YcsbProcess.Result roundTrip(Map<String, String> env, List<String> target, Shape shape) {
    List<String> common = new ArrayList<>(List.of("-P", "workloads/workloada", "-p", "recordcount=" + RECORDS,
        "-p", "operationcount=" + RECORDS, "-p", "dataintegrity=true", "-threads", "4"));
    common.addAll(shape.args());
    YcsbProcess.Result load = ycsb(env, "load", target, common);
    assertCompleted(load);
    assertEquals(RECORDS, load.count("INSERT", "Return=OK"), load.out());

    YcsbProcess.Result run = ycsb(env, "run", target, common);
    assertCompleted(run);
    long reads = run.count("READ", "Return=OK");
    assertTrue(reads > 0, run.out());
    assertEquals(RECORDS, reads + run.count("UPDATE", "Return=OK"), run.out());
    assertEquals(reads, run.count("VERIFY", "Return=OK"), run.out());
    return run;
  }

  /** Exit status 0, no operation with ERROR, no failed data integrity check, no report of exceptions. */
  static void assertCompleted(YcsbProcess.Result r) {
    assertEquals(0, r.status(), () -> "exit status; stderr:\n" + r.err() + "\nstdout:\n" + r.out());
    assertFalse(r.out().contains("Return=ERROR"), r.out());
    assertFalse(r.out().contains("Return=UNEXPECTED_STATE"), r.out());
    assertFalse(r.err().contains("redis-string:"), r.err());
  }

  /**
   * A run refused before any work: non-zero exit, every {@code error:} line says the same thing
   * (the runner prints one per client thread), that line contains {@code expected}, no stack
   * trace, no report. Returns the line without its {@code client N: } part.
   */
  static String assertRefused(YcsbProcess.Result r, String expected) {
    assertNotEquals(0, r.status(), r.out());
    List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).collect(Collectors.toList());
    List<String> distinct = errors.stream().map(l -> l.replaceFirst("^error: client \\d+: ", "error: "))
        .distinct().collect(Collectors.toList());
    assertEquals(1, distinct.size(), r.err());
    assertTrue(distinct.get(0).contains(expected), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    assertFalse(r.out().contains("[OVERALL]"), r.out());
    return distinct.get(0);
  }

  /** Asserts the run refused with exactly one error line (it ran with one client thread). */
  static String assertRefusedWithOneLine(YcsbProcess.Result r, String expected) {
    String line = assertRefused(r, expected);
    assertEquals(1, r.err().lines().filter(l -> l.startsWith("error:")).count(), r.err());
    return line;
  }
}
