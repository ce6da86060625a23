package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole phases through {@link Main#run}, with upstream's BasicDB and failing test bindings. */
class RunnerEndToEndTest {
  private static final String WORKLOADS = Path.of("..", "workloads").toString();

  @TempDir
  Path dir;

  /** Output of one in-process run. */
  static final class Outcome {
    final int status;
    final String out;
    final String err;

    Outcome(int status, String out, String err) {
      this.status = status;
      this.out = out;
      this.err = err;
    }

    /** The value of a {@code [SECTION], Metric, value} line, or null. */
    String metric(String section, String metric) {
      for (String line : out.split("\n")) {
        String prefix = "[" + section + "], " + metric + ", ";
        if (line.startsWith(prefix)) {
          return line.substring(prefix.length());
        }
      }
      return null;
    }

    String errorLines() {
      StringBuilder sb = new StringBuilder();
      for (String line : err.split("\n")) {
        if (line.startsWith("error: ")) {
          sb.append(line).append('\n');
        }
      }
      return sb.toString();
    }
  }

  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static String workload(String name) {
    return Path.of(WORKLOADS, name).toString();
  }

  @Test
  void aTimelineTakesRowsOfATenthOfASecond() throws Exception {
    Path file = dir.resolve("timeline.jsonl");
    Outcome o = run("run", "basic", "-P", workload("uniform-read"), "-p", "recordcount=1000", "-p", "operationcount=0",
        "-p", "maxexecutiontime=2", "-target", "2000", "-p", "timeline.interval=0.1", "-p", "timeline.file=" + file,
        "-p", "basicdb.verbose=false");
    assertEquals(0, o.status, o.err);
    List<String> rows = Files.readAllLines(file);
    Pattern interval = Pattern.compile("\"interval_s\":([0-9.]+)");
    Pattern operations = Pattern.compile("\"operations\":(\\d+)");
    long ops = 0;
    int tenths = 0;
    for (String row : rows) {
      java.util.regex.Matcher m = interval.matcher(row);
      assertTrue(m.find(), row);
      double seconds = Double.parseDouble(m.group(1));
      if (seconds > 0.08 && seconds < 0.15) {
        tenths++;
      }
      java.util.regex.Matcher n = operations.matcher(row);
      assertTrue(n.find(), row);
      ops += Long.parseLong(n.group(1));
    }
    // 2 s of rows of 0.1 s (a last, shorter one may close the phase); a busy machine may stretch
    // a few of them, never turn them into rows of a second
    assertTrue(tenths >= 10 && rows.size() <= 22, tenths + " rows of about 0.1 s among:\n" + String.join("\n", rows));
    assertEquals(Long.parseLong(o.metric("READ", "Operations")), ops);
  }

  @Test
  void loadsTheTopOfAFiveBillionRecordKeySpace() {
    Outcome o = run("load", "basic", "-P", workload("load"), "-p", "recordcount=5120000000",
        "-p", "insertstart=5119990000", "-p", "insertcount=10000", "-s", "-threads", "4");
    assertEquals(0, o.status, o.err);
    assertEquals("10000", o.metric("INSERT", "Operations"));
    assertEquals("10000", o.metric("INSERT", "Return=OK"));
    assertTrue(o.err.contains("Starting test."));
  }

  @Test
  void billionsOfOperationsStopAtMaxExecutionTimeWithoutWrapping() {
    long start = System.nanoTime();
    Outcome o = run("run", "basic", "-P", workload("uniform-read"), "-p", "recordcount=5120000000",
        "-p", "operationcount=3000000000", "-p", "maxexecutiontime=2", "-threads", "2");
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    assertEquals(0, o.status, o.err);
    assertTrue(seconds < 15, "took " + seconds + " s");
    long runtime = Long.parseLong(o.metric("OVERALL", "RunTime(ms)"));
    assertTrue(runtime >= 1900 && runtime < 10_000, "RunTime(ms) " + runtime);
    long reads = Long.parseLong(o.metric("READ", "Operations"));
    assertTrue(reads > 0);
    assertEquals(String.valueOf(reads), o.metric("READ", "Return=OK"));
    for (String line : o.out.split("\n")) {
      if (line.startsWith("[CLIENT], Engine, ") || line.matches("\\[BOTTLENECK\\], (Verdict|Rule|Reason), .*")) {
        continue; // the report's labels
      }
      double value = Double.parseDouble(line.substring(line.lastIndexOf(", ") + 2));
      assertTrue(value >= 0, "negative value: " + line);
    }
  }

  @Test
  void statusLineShowsProgressEtaAndLatencies() {
    Outcome o = run("run", "basic", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=300", "-target", "100", "-s", "-p", "status.interval=1", "-l", "exp-");
    assertEquals(0, o.status, o.err);
    Pattern line = Pattern.compile("exp-\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: \\d+ operations; "
        + "[\\d.,]+ current ops/sec; est completion in \\d+ seconds? \\[READ: Count=\\d+, Max=\\d+, Min=\\d+, "
        + "Avg=[\\d.,]+, 90=\\d+, 99=\\d+, 99.9=\\d+, 99.99=\\d+]");
    assertTrue(line.matcher(o.err).find(), o.err);
    long runtime = Long.parseLong(o.metric("OVERALL", "RunTime(ms)"));
    assertTrue(runtime >= 2500, "-target 100 for 300 operations took only " + runtime + " ms");
  }

  @Test
  void badInputFailsBeforeAnyWork() {
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "requestdistribution=foo"),
        "'foo'", "requestdistribution");
    assertFailsBeforeWork(run("load", "basic", "-P", workload("load"), "-p", "recordcount=-5"),
        "'-5'", "recordcount");
    assertFailsBeforeWork(run("load", "basic", "-P", workload("nope")), "nope", "-P");
    assertFailsBeforeWork(run("load", "nosuch", "-P", workload("load")), "'nosuch'", "binding");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "exporter=no.Such"),
        "no.Such", "exporter");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "measurementtype=foo"),
        "'foo'", "measurementtype");
    assertFailsBeforeWork(run("run", "basic", "-p", "recordcount=10"), "workload", "missing");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-threads", "0"), "'0'", "threadcount");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "readproportion=0"),
        "readproportion", "all 0");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "exportfile="), "exportfile");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("uniform-read"), "-p", "exportfile=" + dir),
        "exportfile", "writable file");
    assertFailsBeforeWork(run("run", "basic", "-P", workload("workloadd"), "-p", "recordcount=9223372036854775000"),
        "recordcount", "run-phase inserts");
  }

  private static void assertFailsBeforeWork(Outcome o, String... fragments) {
    assertEquals(2, o.status, o.err);
    String errors = o.errorLines();
    assertEquals(1, errors.split("\n").length, "exactly one error line: " + errors);
    for (String f : fragments) {
      assertTrue(errors.contains(f), () -> "'" + errors + "' lacks " + f);
    }
    assertFalse(o.out.contains("[OVERALL]"), "a report was written");
    assertFalse(o.err.contains("Starting test."), "work started");
  }

  @Test
  void bindingInitFailureEndsTheRunNonZero() {
    Outcome o = run("-db", TestBindings.FailingInit.class.getName(), "-t", "-P", workload("uniform-read"),
        "-threads", "3");
    assertEquals(1, o.status);
    // three threads failing alike: one line, not three
    assertEquals("error: 3 clients: binding init failed: cannot connect to 127.0.0.1:1: Connection refused\n",
        o.errorLines(), o.err);
    assertFalse(o.out.contains("[OVERALL]"));
  }

  @Test
  void aBindingThatCannotBeConstructedEndsTheRunNonZero() {
    Outcome o = run("-db", TestBindings.FailingConstructor.class.getName(), "-t", "-P", workload("uniform-read"));
    assertEquals(1, o.status);
    assertEquals("error: client 0: binding init failed: cannot create binding "
        + TestBindings.FailingConstructor.class.getName() + ": native library not found\n", o.errorLines());
  }

  @Test
  void aFailedCleanupFailsTheRunButKeepsTheReport() {
    Outcome o = run("-db", TestBindings.FailingCleanup.class.getName(), "-t", "-P", workload("uniform-read"),
        "-p", "operationcount=100", "-threads", "2");
    assertEquals(1, o.status);
    assertTrue(o.errorLines().contains("binding cleanup failed: flush failed"), o.err);
    assertEquals("100", o.metric("READ", "Return=OK"));
  }

  @Test
  void thirdPartyWorkloadsRunWithTheirOwnSections() {
    Outcome o = run("run", "basic", "-P", workload("workloadf"), "-p", "workload="
        + TestBindings.UpstreamWorkload.class.getName(), "-p", "operationcount=1000", "-threads", "2");
    assertEquals(0, o.status, o.err);
    long rmw = Long.parseLong(o.metric("READ-MODIFY-WRITE", "Operations"));
    assertTrue(rmw > 300 && rmw < 700, "READ-MODIFY-WRITE " + rmw);
    assertEquals(1000, count(o, "READ"), "every operation reads once, plain or read-modify-write");
    assertEquals(rmw, count(o, "UPDATE"), "each read-modify-write updates once");
  }

  @Test
  void targetIsTheTotalOverAllThreads() {
    Outcome o = run("run", "basic", "-P", workload("uniform-read"), "-p", "operationcount=400", "-target", "400",
        "-threads", "4");
    assertEquals(0, o.status, o.err);
    long runtime = Long.parseLong(o.metric("OVERALL", "RunTime(ms)"));
    assertTrue(runtime >= 900 && runtime < 30_000, "400 operations at 400/s took " + runtime + " ms");
  }

  @Test
  void verifyHasNoIntendedSectionAsUpstream() {
    Outcome o = run("-db", TestBindings.Ok.class.getName(), "-t", "-P", workload("workloadc"),
        "-p", "operationcount=50", "-p", "dataintegrity=true", "-p", "measurement.interval=both", "-target", "500");
    assertEquals(0, o.status, o.err);
    assertEquals("50", o.metric("VERIFY", "Operations"));
    assertEquals(null, o.metric("Intended-VERIFY", "Operations"));
    assertEquals("50", o.metric("Intended-READ", "Operations"));
  }

  @Test
  void operationExceptionsAreCountedAsErrorsAndTheRunGoesOn() {
    Outcome o = run("-db", TestBindings.ThrowingReads.class.getName(), "-t", "-P", workload("uniform-update5050"),
        "-p", "operationcount=2000", "-threads", "2");
    assertEquals(0, o.status, o.err);
    long errors = Long.parseLong(o.metric("READ", "Return=ERROR"));
    long updates = Long.parseLong(o.metric("UPDATE", "Return=OK"));
    assertEquals(2000, errors + updates);
    assertTrue(o.out.contains("[READ-FAILED], Operations, " + errors), o.out);
    assertTrue(o.err.contains("warning: " + errors + " operations threw an exception and were counted as ERROR; "
        + "the first: READ: java.lang.IllegalStateException: connection reset"), o.err);
  }

  @Test
  void aDyingClientThreadFailsTheRun() {
    Outcome o = run("-db", TestBindings.Dying.class.getName(), "-t", "-P", workload("uniform-read"),
        "-p", "operationcount=1000", "-threads", "2");
    assertEquals(1, o.status);
    assertTrue(o.errorLines().contains("died: binding bug"), o.err);
  }

  @Test
  void jsonExporterWritesToExportFile() throws Exception {
    Path file = dir.resolve("out.json");
    Outcome o = run("run", "basic", "-P", workload("workloada"), "-p", "exporter="
        + "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter", "-p", "exportfile=" + file);
    assertEquals(0, o.status, o.err);
    String json = Files.readString(file);
    assertTrue(json.trim().startsWith("[") && json.trim().endsWith("]"), json);
    assertTrue(json.contains("\"metric\" : \"OVERALL\""), json);
    assertFalse(o.out.contains("[OVERALL]"));
  }

  @Test
  void everyCoreWorkloadRunsOnBasic() {
    List<String> names = new ArrayList<>(Arrays.asList("workloada", "workloadb", "workloadc", "workloadd",
        "workloade", "workloadf", "load", "uniform-read", "zipfian-read", "uniform-update5050"));
    for (String name : names) {
      Outcome o = run("run", "basic", "-P", workload(name), "-p", "operationcount=500", "-threads", "2");
      assertEquals(0, o.status, name + ": " + o.err);
      long total = -count(o, "READ-MODIFY-WRITE");
      for (String section : List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE")) {
        total += count(o, section);
      }
      assertEquals(500, total, name + ": every operation is counted once\n" + o.out);
    }
  }

  @Test
  void hdrHistogramFileOutputWorksOnThisJava() throws Exception {
    Path logs = dir.resolve("hdr");
    Files.createDirectories(logs);
    Outcome o = run("run", "basic", "-P", workload("workloada"), "-p", "operationcount=2000",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + logs + "/", "-s",
        "-p", "status.interval=1");
    assertEquals(0, o.status, o.err);
    Path readLog = logs.resolve("READ.hdr");
    assertTrue(Files.size(readLog) > 0, "no READ.hdr");
    long total = 0;
    try (java.io.InputStream in = Files.newInputStream(readLog)) {
      org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
      while (reader.hasNext()) {
        total += ((org.HdrHistogram.Histogram) reader.nextIntervalHistogram()).getTotalCount();
      }
    }
    assertEquals(Long.parseLong(o.metric("READ", "Operations")), total, "log holds every READ");
  }

  @Test
  void throttledRunsReportIntendedLatency() {
    Outcome o = run("run", "basic", "-P", workload("workloadb"), "-p", "operationcount=200", "-target", "400",
        "-threads", "2", "-p", "measurement.interval=both");
    assertEquals(0, o.status, o.err);
    long reads = count(o, "READ");
    assertEquals(String.valueOf(reads), o.metric("Intended-READ", "Operations"));
    assertTrue(o.metric("READ", "Return=OK") != null && o.metric("Intended-READ", "Return=OK") == null,
        "return codes belong to the actual-latency section, as upstream");
  }

  @Test
  void jvmStatisticsAreAddedWhenTracked() {
    Outcome o = run("run", "basic", "-P", workload("workloadc"), "-p", "operationcount=100", "-s",
        "-p", "measurement.trackjvm=true");
    assertEquals(0, o.status, o.err);
    for (String line : List.of("[MAX_MEM_USED], MBs, ", "[MAX_THREADS], Count, ", "[MIN_SYS_LOAD_AVG], Load, ",
        "[THREAD_COUNT], Operations, ")) {
      assertTrue(o.out.contains(line), () -> "missing " + line + " in\n" + o.out);
    }
  }

  private static long count(Outcome o, String section) {
    String v = o.metric(section, "Operations");
    return v == null ? 0 : Long.parseLong(v);
  }
}
