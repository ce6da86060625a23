package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** bin/ycsb runs of the tiered binding for the ITs. */
final class Ycsb {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  private Ycsb() {
  }

  /** {@code bin/ycsb <phase> tiered -P workloads/<workload> args...}. */
  static YcsbProcess.Result run(String phase, String workload, String... args) {
    List<String> command = new ArrayList<>(List.of(phase, "tiered", "-P", "workloads/" + workload));
    command.addAll(List.of(args));
    return YcsbProcess.run(TIMEOUT, command);
  }

  /** As {@link #run}, and the run must have completed (exit status 0). */
  static YcsbProcess.Result completed(String phase, String workload, String... args) {
    YcsbProcess.Result r = run(phase, workload, args);
    assertEquals(0, r.status(), () -> "bin/ycsb " + phase + " " + workload + " failed:\n" + r.err() + "\n" + r.out());
    return r;
  }

  static double tier(YcsbProcess.Result r, String measurement) {
    String v = r.metric("TIER", measurement);
    if (v == null) {
      throw new AssertionError("no [TIER] " + measurement + " in:\n" + r.out());
    }
    return Double.parseDouble(v);
  }
}
