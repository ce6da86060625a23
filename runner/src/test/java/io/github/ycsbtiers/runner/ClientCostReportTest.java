package io.github.ycsbtiers.runner;

import static io.github.ycsbtiers.runner.RunnerEndToEndTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The client's own cost in {@code [CLIENT]}, against what the kernel counts for this process in
 * {@code /proc/self/stat} over the same run, and the warning when the client is CPU-bound.
 */
class ClientCostReportTest {
  private static final String OK_DB = TestBindings.Ok.class.getName();
  private static final String UNIFORM_READ = Path.of("..", "workloads", "uniform-read").toString();

  @Test
  void reportedCpuTimeIsWhatTheKernelCountedForTheProcess() throws IOException {
    // warm this JVM's code paths first, so that the second run's set-up outside the measured window is small
    run("-t", "-db", OK_DB, "-P", UNIFORM_READ, "-p", "operationcount=0", "-p", "maxexecutiontime=1",
        "-threads", "4");
    long ticksBefore = procCpuTicks();
    RunnerEndToEndTest.Outcome o = run("-t", "-db", OK_DB, "-P", UNIFORM_READ, "-p", "operationcount=0",
        "-p", "maxexecutiontime=4", "-threads", "4");
    long ticksAfter = procCpuTicks();
    assertEquals(0, o.status, o.err);
    long procMillis = (ticksAfter - ticksBefore) * 1000 / clockTicksPerSecond();
    long reportedMillis = Long.parseLong(o.metric("CLIENT", "CpuTime(ms)"));
    // /proc's window is a little wider (the run's set-up and report), never narrower: a tenth and
    // 100 ms for that, so that a machine busy elsewhere, which leaves the run less CPU (710 ms at a
    // load average of 18), cannot fail it
    assertTrue(procMillis > 200, "the run used " + procMillis + " ms of CPU");
    assertTrue(Math.abs(reportedMillis - procMillis) <= 0.1 * procMillis + 100,
        "[CLIENT] CpuTime(ms) " + reportedMillis + " against /proc's " + procMillis + " ms");
    long ops = Long.parseLong(o.metric("READ", "Operations"));
    double perOp = Double.parseDouble(o.metric("CLIENT", "CpuPerOperation(us)"));
    assertEquals(reportedMillis * 1000.0 / ops, perOp, 0.01 * perOp + 0.001, o.out);
    double runtime = Double.parseDouble(o.metric("OVERALL", "RunTime(ms)"));
    assertEquals(reportedMillis / runtime, Double.parseDouble(o.metric("CLIENT", "CoresUsed")), 0.01, o.out);
    // four threads that never wait keep every core busy unless other processes take some: the
    // warning is there exactly when the cores used are above 80% of those available
    double used = Double.parseDouble(o.metric("CLIENT", "CoresUsed"));
    int cores = Integer.parseInt(o.metric("CLIENT", "CoresAvailable"));
    assertEquals(used > 0.8 * cores, o.err.contains("warning: the client process used "), o.out + o.err);
    // the verdict has the same figures, and names the client exactly when they reach 80% of the cores
    // (the binding states no server, store or device)
    assertEquals(o.metric("CLIENT", "CoresUsed"), o.metric("BOTTLENECK", "ClientProcessCores"), o.out);
    assertEquals(used >= 0.8 * cores ? "client-bound" : "none found", o.metric("BOTTLENECK", "Verdict"), o.out);
    assertEquals(used >= 0.8 * cores ? "client-cpu" : "none", o.metric("BOTTLENECK", "Rule"), o.out);
    assertEquals(Integer.toString(cores), o.metric("BOTTLENECK", "CoresAvailable"), o.out);
  }

  @Test
  void aThrottledClientIsNotCpuBound() {
    RunnerEndToEndTest.Outcome o = run("-t", "-db", OK_DB, "-P", UNIFORM_READ, "-p", "operationcount=0",
        "-p", "maxexecutiontime=2", "-target", "200", "-threads", "2");
    assertEquals(0, o.status, o.err);
    assertFalse(o.err.contains("warning: the client process used"), o.err);
    assertTrue(Double.parseDouble(o.metric("CLIENT", "CoresUsed")) < 0.5, o.out);
    assertEquals("sync", o.metric("CLIENT", "Engine"));
    assertEquals("2", o.metric("CLIENT", "LogicalClients"));
    // send lateness beside the operations' latency: the verdict names the client when lateness is
    // half or more of the intended latency (the binding answers at once, so a late wake-up weighs)
    double late = Double.parseDouble(o.metric("BOTTLENECK", "AverageSendLateness(us)"));
    double intended = Double.parseDouble(o.metric("BOTTLENECK", "AverageIntendedLatency(us)"));
    double read = Double.parseDouble(o.metric("READ", "AverageLatency(us)"));
    assertEquals(late + read, intended, 0.01, o.out);
    assertEquals(late / intended >= 0.5 ? "send-lateness" : "none", o.metric("BOTTLENECK", "Rule"), o.out);
  }

  /** utime + stime of this process, in clock ticks (fields 14 and 15 of /proc/self/stat). */
  private static long procCpuTicks() throws IOException {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  private static long clockTicksPerSecond() {
    return 100; // USER_HZ on Linux, which /proc reports in
  }
}
