package io.github.ycsbtiers.redis.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Runs {@code bin/ycsb ... redis} with a template workload file, and the checks of its output. */
final class TemplateRuns {
  static final Duration TIMEOUT = Duration.ofMinutes(3);

  private TemplateRuns() {
  }

  static YcsbProcess.Result ycsb(String phase, String workload, List<String> target, String... more) {
    List<String> args = new ArrayList<>(List.of(phase, "redis", "-P", "workloads/" + workload));
    args.addAll(target);
    args.addAll(Arrays.asList(more));
    return YcsbProcess.run(TIMEOUT, args);
  }

  /** Exit 0, no ERROR, no exception reported by the binding. */
  static void assertCompleted(YcsbProcess.Result r) {
    assertEquals(0, r.status(), () -> "exit status; stderr:\n" + r.err() + "\nstdout:\n" + r.out());
    assertFalse(r.out().contains("Return=ERROR"), r.out());
    assertFalse(r.err().contains("redis-string:"), r.err());
  }

  /** The engine runner.engine=auto chose, from its stderr line. */
  static void assertEngine(YcsbProcess.Result r, String engine) {
    assertTrue(r.err().contains("runner.engine=auto: " + engine), r.err());
  }

  /** Exit 2 before any work: one error line, naming {@code property}, no report, no stack trace. */
  static void assertRefused(YcsbProcess.Result r, String property) {
    assertEquals(2, r.status(), r.err());
    List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).toList();
    assertEquals(1, errors.size(), r.err());
    assertTrue(errors.get(0).contains("'" + property + "'"), r.err());
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.out().contains("[OVERALL]"), r.out());
  }

  static long calls(java.util.Map<String, Long> calls, String command) {
    return calls.getOrDefault(command, 0L);
  }

  static void assertNoFailedCalls(String commandstats) {
    assertNotEquals(-1, commandstats.indexOf("cmdstat_"), commandstats);
    assertFalse(commandstats.matches("(?s).*failed_calls=[1-9].*"), commandstats);
  }
}
