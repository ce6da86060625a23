package io.github.ycsbtiers.runner;

import static io.github.ycsbtiers.runner.RunnerEndToEndTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code minexecutiontime}: a run phase measures at least that long, its operation count being a
 * floor too; both engines, with and without a warm-up (the minimum counts from the measured start).
 */
class MinExecutionTimeTest {
  private static final String WORKLOAD = Path.of("..", "workloads", "workloadc").toString();

  @BeforeEach
  void empty() {
    AsyncMemoryDb.reset();
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void aShortOperationCountGoesOnUntilTheMinimumTime(String engine) {
    run("-load", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD, "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome r = run("-t", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD,
        "-p", "recordcount=100", "-p", "operationcount=100", "-p", "minexecutiontime=2", "-p", "warmuptime=1",
        "-threads", "4", "-p", "runner.engine=" + engine);
    assertEquals(0, r.status, r.err);
    long runtime = Long.parseLong(r.metric("OVERALL", "RunTime(ms)"));
    long reads = Long.parseLong(r.metric("READ", "Operations"));
    assertTrue(runtime >= 2000 && runtime < 30_000, "RunTime(ms) " + runtime);
    assertTrue(reads > 100 * 10, "went on past the 100 operations for 2 s: " + reads);
    assertEquals(r.metric("READ", "Operations"), r.metric("READ", "Return=OK"));
    assertTrue(r.metric("WARMUP", "Operations") != null, "warmed up first: " + r.out);
  }

  @Test
  void aLongOperationCountIsStillDoneWhole() {
    run("-load", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD, "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome r = run("-t", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD,
        "-p", "recordcount=100", "-p", "operationcount=20000", "-p", "minexecutiontime=1", "-threads", "2",
        "-target", "10000");
    assertEquals(0, r.status, r.err);
    assertEquals("20000", r.metric("READ", "Operations"), "2 s of operations at -target 10000: the count decides");
  }

  @Test
  void aLoadOrAMinimumAboveTheMaximumIsRefusedBeforeAnyWork() {
    RunnerEndToEndTest.Outcome load = run("-load", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD,
        "-p", "recordcount=100", "-p", "minexecutiontime=5");
    assertEquals(2, load.status, "a configuration error");
    assertTrue(load.err.contains("error: invalid value '5' for property 'minexecutiontime': allowed 0 or unset for load:"
        + " it applies to run phases only"), load.err);
    RunnerEndToEndTest.Outcome above = run("-t", "-db", AsyncMemoryDb.class.getName(), "-P", WORKLOAD,
        "-p", "recordcount=100", "-p", "minexecutiontime=5", "-p", "maxexecutiontime=3");
    assertEquals(2, above.status, "a configuration error");
    assertTrue(above.err.contains("error: invalid value '5' for property 'minexecutiontime': allowed 0 to maxexecutiontime"
        + " (3 s)"), above.err);
    assertEquals(0, AsyncMemoryDb.RECORDS.size(), "nothing loaded");
  }
}
