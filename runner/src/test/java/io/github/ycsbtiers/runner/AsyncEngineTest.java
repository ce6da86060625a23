package io.github.ycsbtiers.runner;

import static io.github.ycsbtiers.runner.RunnerEndToEndTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code async} engine through {@link Main#run}, over an in-process asynchronous test binding. */
class AsyncEngineTest {
  private static final String DB = "-db";
  private static final String ASYNC_DB = AsyncMemoryDb.class.getName();

  @BeforeEach
  void empty() {
    AsyncMemoryDb.reset();
  }

  private static String workload(String name) {
    return Path.of("..", "workloads", name).toString();
  }

  private static RunnerEndToEndTest.Outcome async(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "-p";
    all[args.length + 1] = "runner.engine=async";
    return run(all);
  }

  @Test
  void loadThenWorkloadAWithDataIntegrityCountsEveryOperationOnce() {
    RunnerEndToEndTest.Outcome load = async("-load", DB, ASYNC_DB, "-P", workload("workloada"),
        "-p", "recordcount=3000", "-p", "dataintegrity=true", "-threads", "32", "-p", "runner.engine.threads=2");
    assertEquals(0, load.status, load.err);
    assertEquals("3000", load.metric("INSERT", "Return=OK"));
    assertEquals(3000, AsyncMemoryDb.RECORDS.size());
    assertTrue(AsyncMemoryDb.MAX_IN_FLIGHT.get() > 2, "at most " + AsyncMemoryDb.MAX_IN_FLIGHT.get() + " in flight");

    RunnerEndToEndTest.Outcome r = async("-t", DB, ASYNC_DB, "-P", workload("workloada"), "-p", "recordcount=3000",
        "-p", "operationcount=5001", "-p", "dataintegrity=true", "-threads", "32");
    assertEquals(0, r.status, r.err);
    long reads = Long.parseLong(r.metric("READ", "Return=OK"));
    long updates = Long.parseLong(r.metric("UPDATE", "Return=OK"));
    assertEquals(5001, reads + updates, r.out);
    assertEquals(String.valueOf(reads), r.metric("VERIFY", "Return=OK"), r.out);
    assertFalse(r.out.contains("ERROR") || r.out.contains("UNEXPECTED_STATE"), r.out);
    // [OVERALL] has no operation count (as upstream): throughput x run time is the count the engine reported
    double throughput = Double.parseDouble(r.metric("OVERALL", "Throughput(ops/sec)"));
    long runtime = Long.parseLong(r.metric("OVERALL", "RunTime(ms)"));
    assertEquals(5001.0, throughput * runtime / 1000.0, 0.01, r.out);
    assertEquals(String.valueOf(reads), r.metric("READ", "Operations"), r.out);
    assertEquals(String.valueOf(updates), r.metric("UPDATE", "Operations"), r.out);
  }

  @Test
  void reportHasTheSyncEnginesLines() {
    String[] common = {"-t", DB, ASYNC_DB, "-P", workload("workloadf"), "-p", "recordcount=200",
        "-p", "operationcount=400", "-p", "measurement.interval=both", "-threads", "4"};
    assertEquals(0, async("-load", DB, ASYNC_DB, "-P", workload("workloadf"), "-p", "recordcount=200").status);
    RunnerEndToEndTest.Outcome sync = run(common);
    RunnerEndToEndTest.Outcome async = async(common);
    assertEquals(0, async.status, async.err);
    assertEquals(metricNames(sync.out), metricNames(async.out));
    assertTrue(async.out.contains("[Intended-READ-MODIFY-WRITE], Operations"), async.out);
  }

  private static List<String> metricNames(String report) {
    return report.lines().filter(l -> l.startsWith("["))
        .map(l -> l.substring(0, l.lastIndexOf(", "))).filter(l -> !l.contains("GC") && !l.contains("Return="))
        .sorted().collect(Collectors.toList());
  }

  @Test
  void targetThrottlesAllClientsTogether() {
    async("-load", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome r = async("-t", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100",
        "-p", "operationcount=300", "-target", "200", "-threads", "8", "-s", "-p", "status.interval=1");
    assertEquals(0, r.status, r.err);
    assertEquals("300", r.metric("READ", "Return=OK"));
    long runtime = Long.parseLong(r.metric("OVERALL", "RunTime(ms)"));
    assertTrue(runtime >= 1300 && runtime < 30_000, "300 operations at -target 200 took " + runtime + " ms");
    assertTrue(r.err.contains(" sec: 300 operations; "), r.err);
  }

  @Test
  void maxExecutionTimeStopsAnEndlessRun() {
    async("-load", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome r = async("-t", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100",
        "-p", "operationcount=0", "-p", "maxexecutiontime=1", "-threads", "16");
    assertEquals(0, r.status, r.err);
    long runtime = Long.parseLong(r.metric("OVERALL", "RunTime(ms)"));
    assertTrue(runtime >= 900 && runtime < 10_000, "RunTime(ms) " + runtime);
    assertEquals(r.metric("READ", "Operations"), r.metric("READ", "Return=OK"));
  }

  @Test
  void failedOperationsAreCountedAndTheRunGoesOn() {
    async("-load", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome r = async("-t", DB, AsyncMemoryDb.FailingReads.class.getName(), "-P",
        workload("workloadc"), "-p", "recordcount=100", "-p", "operationcount=500", "-threads", "8");
    assertEquals(0, r.status, r.err);
    assertEquals("500", r.metric("READ", "Return=ERROR"));
    assertTrue(r.err.contains("connection reset"), r.err);
  }

  @Test
  void initFailureAndADeadThreadEndTheRunWithStatusOne() {
    RunnerEndToEndTest.Outcome init = async("-t", DB, AsyncMemoryDb.FailingInit.class.getName(), "-P",
        workload("workloadc"), "-threads", "8");
    assertEquals(Main.EXIT_FAILED, init.status);
    assertTrue(init.errorLines().contains("binding init failed: cannot connect to 127.0.0.1:1"), init.err);
    assertFalse(init.out.contains("[OVERALL]"));

    async("-load", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100");
    RunnerEndToEndTest.Outcome dead = async("-t", DB, AsyncMemoryDb.Dying.class.getName(), "-P",
        workload("workloadc"), "-p", "recordcount=100", "-p", "operationcount=100", "-threads", "8");
    assertEquals(Main.EXIT_FAILED, dead.status);
    assertTrue(dead.errorLines().contains("died: binding bug"), dead.err);

    RunnerEndToEndTest.Outcome later = async("-t", DB, AsyncMemoryDb.DyingLater.class.getName(), "-P",
        workload("workloadc"), "-p", "recordcount=100", "-p", "operationcount=1000", "-threads", "8");
    assertEquals(Main.EXIT_FAILED, later.status);
    assertTrue(later.errorLines().contains("died: binding bug on the I/O thread"), later.err);
  }

  @Test
  void bindingWithoutAsyncInterfaceIsRefusedBeforeAnyWork() {
    RunnerEndToEndTest.Outcome r = async("run", "basic", "-P", workload("workloadc"));
    assertEquals(Main.EXIT_USAGE, r.status);
    assertEquals("error: binding site.ycsb.BasicDB has no asynchronous interface (io.github.ycsbtiers.api.AsyncDb), "
        + "which runner.engine=async needs: use runner.engine=sync\n", r.errorLines());
    assertFalse(r.out.contains("[OVERALL]"));

    RunnerEndToEndTest.Outcome refusing = async("-t", DB, AsyncMemoryDb.Refusing.class.getName(), "-P",
        workload("workloadc"));
    assertEquals(Main.EXIT_USAGE, refusing.status);
    assertTrue(refusing.errorLines().contains("test.client=blocking has no asynchronous path"), refusing.err);
  }

  @Test
  void autoRunsAsyncWhereTheBindingAndWorkloadCanAndSaysWhich() {
    RunnerEndToEndTest.Outcome r = run("-t", DB, ASYNC_DB, "-P", workload("workloadc"), "-p", "recordcount=100",
        "-p", "operationcount=2000", "-threads", "8", "-p", "runner.engine.threads=2");
    assertEquals(0, r.status, r.err);
    assertTrue(r.err.contains("runner.engine=auto: async"), r.err);
    assertTrue(r.err.contains("Shape: 8 logical clients, 1 operation in flight each, runner.engine=async on 2 threads"),
        r.err);
    assertTrue(AsyncMemoryDb.MAX_IN_FLIGHT.get() > 2, "ran synchronously: " + AsyncMemoryDb.MAX_IN_FLIGHT.get());

    RunnerEndToEndTest.Outcome basic = run("run", "basic", "-P", workload("workloadc"), "-p", "operationcount=10");
    assertEquals(0, basic.status, basic.err);
    assertTrue(basic.err.contains("runner.engine=auto: sync, one thread per client (binding site.ycsb.BasicDB has no "
        + "asynchronous interface"), basic.err);

    RunnerEndToEndTest.Outcome refusing = run("-t", DB, AsyncMemoryDb.Refusing.class.getName(), "-P",
        workload("workloadc"), "-p", "operationcount=10");
    assertEquals(0, refusing.status, refusing.err);
    assertTrue(refusing.err.contains("runner.engine=auto: sync, one thread per client (the async engine cannot run "
        + "binding " + AsyncMemoryDb.Refusing.class.getName() + ": test.client=blocking has no asynchronous path)"),
        refusing.err);

    AsyncMemoryDb.reset();
    RunnerEndToEndTest.Outcome upstream = run("-t", DB, ASYNC_DB, "-P", workload("workloadc"), "-p",
        "workload=" + TestBindings.UpstreamWorkload.class.getName(), "-p", "operationcount=10", "-threads", "4");
    assertEquals(0, upstream.status, upstream.err);
    assertTrue(upstream.err.contains("runner.engine=auto: sync"), upstream.err);
  }

  @Test
  void badEngineValuesNameTheProperty() {
    RunnerEndToEndTest.Outcome r = run("run", "basic", "-P", workload("workloadc"), "-p", "runner.engine=fast");
    assertEquals(Main.EXIT_USAGE, r.status);
    assertTrue(r.errorLines().contains("'fast'") && r.errorLines().contains("runner.engine")
        && r.errorLines().contains("sync, async"), r.err);
    RunnerEndToEndTest.Outcome t = async("-t", DB, ASYNC_DB, "-P", workload("workloadc"), "-p",
        "runner.engine.threads=0");
    assertEquals(Main.EXIT_USAGE, t.status);
    assertTrue(t.errorLines().contains("runner.engine.threads"), t.err);
    assertNull(t.metric("OVERALL", "RunTime(ms)"));
  }
}
