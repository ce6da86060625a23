package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code [OVERALL], Throughput(ok ops/sec)}: the rate of the operations that returned OK, beside upstream's. */
class OkThroughputTest {
  private static final String WORKLOAD = Path.of("..", "workloads", "workloada").toString();

  @Test
  void failedOperationsAreNotInTheOkRate() {
    AsyncMemoryDb.reset();
    RunnerEndToEndTest.run("-load", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD, "-p", "recordcount=500",
        "-p", "runner.engine=async");
    RunnerEndToEndTest.Outcome r = RunnerEndToEndTest.run("-t", "-db", AsyncMemoryDb.FailingReads.class.getName(),
        "-P", WORKLOAD, "-p", "recordcount=500", "-p", "operationcount=2000", "-p", "runner.engine=async",
        "-threads", "4");
    assertEquals(0, r.status, r.err);
    long runtime = Long.parseLong(r.metric("OVERALL", "RunTime(ms)"));
    double all = Double.parseDouble(r.metric("OVERALL", "Throughput(ops/sec)")) * runtime / 1000;
    double ok = Double.parseDouble(r.metric("OVERALL", "Throughput(ok ops/sec)")) * runtime / 1000;
    long errors = Long.parseLong(r.metric("READ", "Return=ERROR"));
    long updates = Long.parseLong(r.metric("UPDATE", "Return=OK"));
    assertTrue(errors > 0, r.out);
    assertEquals(2000.0, all, 0.01, r.out);
    assertEquals(updates, ok, 0.01, r.out);
    // the added line comes right after upstream's two, which are unchanged
    List<String> overall = r.out.lines().filter(l -> l.startsWith("[OVERALL]")).toList();
    assertEquals(3, overall.size(), r.out);
    assertTrue(overall.get(0).startsWith("[OVERALL], RunTime(ms), ") && overall.get(1)
        .startsWith("[OVERALL], Throughput(ops/sec), ") && overall.get(2).startsWith("[OVERALL], Throughput(ok ops/sec), "));
  }
}
