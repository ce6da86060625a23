package io.github.ycsbtiers.runner;

import static io.github.ycsbtiers.runner.RunnerEndToEndTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.runner.RunnerEndToEndTest.Outcome;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code warmuptime} through {@link Main#run}, on both engines: the warm-up's operations reach the
 * binding and the {@code [WARMUP]} section, and nothing of them reaches a measured section, the
 * status line's totals or the HdrHistogram log.
 */
class WarmupTest {
  private static final String PROBE = WarmupProbeDb.class.getName();
  private static final Pattern STATUS_OPS = Pattern.compile(" sec: (\\d+) operations;");

  @TempDir
  Path dir;

  private static String workload(String name) {
    return Path.of("..", "workloads", name).toString();
  }

  private static Outcome runOn(String engine, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-db", PROBE, "-p", "runner.engine=" + engine));
    return run(all.toArray(new String[0]));
  }

  private static long metric(Outcome o, String section, String name) {
    String v = o.metric(section, name);
    assertTrue(v != null, "no [" + section + "], " + name + " in\n" + o.out);
    return Long.parseLong(v);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void measurementStartsAfreshAfterTheWarmUp(String engine) throws Exception {
    // 40 slow, failing calls: well inside a 2 s warm-up, so none may be measured
    WarmupProbeDb.reset(40, 20);
    Path logs = Files.createDirectories(dir.resolve("hdr"));
    Outcome o = runOn(engine, "-t", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=3000", "-p", "warmuptime=2", "-threads", "4", "-s", "-p", "status.interval=1",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + logs + "/");
    assertEquals(0, o.status, o.err);

    assertEquals(3000, metric(o, "READ", "Operations"));
    assertEquals(3000, metric(o, "READ", "Return=OK"));
    assertNull(o.metric("READ", "Return=UNEXPECTED_STATE"), o.out);
    assertFalse(o.out.contains("[READ-FAILED]"), o.out);

    long warm = metric(o, "WARMUP", "Operations");
    assertEquals(WarmupProbeDb.CALLS.get(), warm + 3000, "every call is either warm-up or measured");
    assertEquals(40, metric(o, "WARMUP", "READ Return=UNEXPECTED_STATE"));
    assertEquals(warm - 40, metric(o, "WARMUP", "READ Return=OK"));
    assertTrue(metric(o, "WARMUP", "RunTime(ms)") >= 2000, o.out);
    assertTrue(o.err.contains("Warm-up ended after"), o.err);

    double throughput = Double.parseDouble(o.metric("OVERALL", "Throughput(ops/sec)"));
    long runtime = metric(o, "OVERALL", "RunTime(ms)");
    assertEquals(3000 * 1000.0 / runtime, throughput, 1e-6, "throughput counts measured operations only");

    String measuredStatus = o.err.substring(o.err.indexOf("Warm-up ended after"));
    Matcher m = STATUS_OPS.matcher(measuredStatus);
    int lines = 0;
    while (m.find()) {
      lines++;
      assertTrue(Long.parseLong(m.group(1)) <= 3000, "status line counts warm-up operations: " + m.group());
    }
    assertTrue(lines > 0, o.err);
    assertTrue(o.err.contains("[WARMUP] "), "the warm-up's status lines are marked:\n" + o.err);

    long logged = 0;
    try (InputStream in = Files.newInputStream(logs.resolve("READ.hdr"))) {
      HistogramLogReader reader = new HistogramLogReader(in);
      while (reader.hasNext()) {
        logged += ((Histogram) reader.nextIntervalHistogram()).getTotalCount();
      }
    }
    assertEquals(3000, logged, "the HdrHistogram log holds the measured READs only");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void aLoadsWarmUpInsertsPartOfTheKeyRangeAndEveryRecordOnce(String engine) {
    WarmupProbeDb.reset(0, 0);
    // a warm-up longer than the load: it stops at half of the records
    Outcome o = runOn(engine, "-load", "-P", workload("load"), "-p", "recordcount=20000",
        "-p", "warmuptime=600", "-threads", "8");
    assertEquals(0, o.status, o.err);
    long warm = metric(o, "WARMUP", "Operations");
    long measured = metric(o, "INSERT", "Return=OK");
    assertEquals(20000, warm + measured, o.out);
    assertEquals(10000, warm, "the warm-up takes at most half of a Load");
    assertEquals(20000, WarmupProbeDb.INSERTS.size());
    assertTrue(WarmupProbeDb.INSERTS.values().stream().allMatch(n -> n.get() == 1), "a record inserted twice");
    assertTrue(o.err.contains("half of the records"), o.err);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sync", "async"})
  void aThrottledScheduleStartsWithTheFirstMeasuredOperation(String engine) {
    // the first warm-up calls stall 50 ms: a schedule started before the warm-up would carry that
    // backlog into the measured part (few of them, so that they end well inside the 1 s warm-up
    // on a busy machine too)
    WarmupProbeDb.reset(4, 50);
    Outcome o = runOn(engine, "-t", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=2000", "-p", "warmuptime=1", "-target", "2000", "-threads", "2",
        "-p", "measurement.interval=both");
    assertEquals(0, o.status, o.err);
    assertEquals(2000, metric(o, "READ", "Return=OK"));
    // the measured 2,000 reads at 2,000/s take a second when the schedule starts with the first of
    // them (a busy machine only makes it longer); a schedule started with the warm-up finds them
    // all due and sends them at once (checked by mutation: Throttle.copy keeping the warm-up's
    // start gave a RunTime(ms) of 11 on the sync engine, 74 on the async one)
    assertTrue(metric(o, "OVERALL", "RunTime(ms)") >= 950, o.out);
    double warmRate = Double.parseDouble(o.metric("WARMUP", "Throughput(ops/sec)"));
    assertTrue(warmRate < 2000 * 1.1, "the warm-up runs at the -target rate: " + warmRate);
  }

  @Test
  void autoStopsAtItsCapAndSaysWhy() {
    WarmupProbeDb.reset(0, 0);
    Outcome o = runOn("sync", "-t", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=100", "-p", "warmuptime=auto", "-p", "warmuptime.max=1", "-threads", "2");
    assertEquals(0, o.status, o.err);
    assertTrue(o.err.contains("the 1 s cap of warmuptime=auto was reached before it settled"), o.err);
    assertEquals(100, metric(o, "READ", "Return=OK"));
    assertTrue(metric(o, "WARMUP", "RunTime(ms)") >= 1000);
  }

  @Test
  void autoEndsOnceSettled() {
    WarmupProbeDb.reset(0, 0);
    Outcome o = runOn("sync", "-t", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=100", "-p", "warmuptime=auto", "-target", "5000", "-threads", "2");
    assertEquals(0, o.status, o.err);
    assertTrue(o.err.contains("warmuptime=auto: settled: JIT compiled for"), o.err);
    assertTrue(metric(o, "WARMUP", "RunTime(ms)") < 60_000);
  }

  @Test
  void noWarmUpMeansNoSection() {
    WarmupProbeDb.reset(0, 0);
    Outcome o = runOn("sync", "-t", "-P", workload("uniform-read"), "-p", "recordcount=1000",
        "-p", "operationcount=100");
    assertEquals(0, o.status, o.err);
    assertNull(o.metric("WARMUP", "Operations"));
    assertFalse(o.err.contains("Warm-up"), o.err);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1", "soon", "86401", "1.5", "500ms", "25h"})
  void aMalformedWarmUpIsRefusedBeforeAnyWork(String value) {
    WarmupProbeDb.reset(0, 0);
    Outcome o = runOn("sync", "-t", "-P", workload("uniform-read"), "-p", "warmuptime=" + value);
    assertEquals(2, o.status, o.err);
    assertEquals("error: invalid value '" + value + "' for property 'warmuptime': allowed a whole number of "
        + "seconds from 0 to 86400, or a number with ms, s, m or h such as 30s or 2m; or auto\n", o.errorLines());
    assertEquals(0, WarmupProbeDb.CALLS.get());
  }
}
