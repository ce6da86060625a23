package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input table of the runner: every property it reads, each with malformed values
 * (negative, non-numeric, out of range, unknown choice, missing file). Each case is one run
 * through {@link Main#run} that must exit 2 with one {@code error:} line naming the property and
 * the value (that very property: a row refused for another's sake fails), before the binding is
 * initialised (where connections open) and before any file is written.
 */
class BadInputTableTest {
  private static final String WORKLOAD = Path.of("..", "workloads", "workloada").toString();

  /** Property, then its malformed values. */
  private static final Map<String, List<String>> TABLE = Map.ofEntries(
      Map.entry("target", List.of("-5", "abc", "1.5")),
      Map.entry("maxexecutiontime", List.of("-1", "abc", "1d", "1.5")),
      Map.entry("status.interval", List.of("0", "-3", "abc", "1500ms")),
      Map.entry("timeline.interval", List.of("0", "0.01", "-1", "abc")),
      Map.entry("measurement.interval", List.of("sometimes", "")),
      Map.entry("hdrhistogram.percentiles", List.of("95,abc", "101", "0", "-5")),
      Map.entry("histogram.buckets", List.of("-1", "abc")),
      Map.entry("measurementtype", List.of("foo")),
      Map.entry("measurement.trackjvm", List.of("maybe")),
      Map.entry("reportlatencyforeacherror", List.of("maybe")),
      Map.entry("hdrhistogram.fileoutput", List.of("maybe")),
      Map.entry("exporter", List.of("foo.Bar")),
      Map.entry("fieldlength", List.of("-1", "abc")),
      Map.entry("minfieldlength", List.of("-1", "abc")),
      Map.entry("fieldcount", List.of("0", "-1", "abc")),
      Map.entry("fieldlengthdistribution", List.of("foo")),
      Map.entry("minscanlength", List.of("-1", "abc")),
      Map.entry("maxscanlength", List.of("0", "abc")),
      Map.entry("scanlengthdistribution", List.of("foo")),
      Map.entry("readproportion", List.of("-0.5", "abc", "NaN", "0.5d")),
      Map.entry("updateproportion", List.of("-0.5", "abc")),
      Map.entry("insertproportion", List.of("-0.5", "abc")),
      Map.entry("scanproportion", List.of("-1", "abc")),
      Map.entry("readmodifywriteproportion", List.of("-1", "abc")),
      Map.entry("hotspotopnfraction", List.of("2", "-0.1", "abc")),
      Map.entry("hotspotdatafraction", List.of("1.5", "-0.1", "abc")),
      Map.entry("requestdistribution", List.of("gauss", "")),
      Map.entry("insertorder", List.of("random")),
      Map.entry("recordcount", List.of("-1", "x")),
      Map.entry("operationcount", List.of("x", "1e3", "-1", "1_", "_1", "99999999999999999999")),
      Map.entry("insertstart", List.of("-1", "abc")),
      Map.entry("insertcount", List.of("-1", "abc")),
      Map.entry("threadcount", List.of("0", "abc")),
      Map.entry("zeropadding", List.of("-1", "abc")),
      Map.entry("dataintegrity", List.of("maybe")),
      Map.entry("writeallfields", List.of("maybe")),
      Map.entry("readallfields", List.of("yes")),
      Map.entry("core_workload_insertion_retry_limit", List.of("-1", "abc")),
      Map.entry("core_workload_insertion_retry_interval", List.of("-1", "abc")),
      Map.entry("runner.engine", List.of("fast")),
      Map.entry("runner.engine.threads", List.of("0", "abc")),
      Map.entry("warmuptime", List.of("-1", "abc", "500ms")),
      Map.entry("warmuptime.max", List.of("-1", "abc")),
      Map.entry("exportfile", List.of("/nonexistent/dir/report.txt")),
      Map.entry("metrics.port", List.of("-1", "abc", "65536")),
      Map.entry("metrics.labels", List.of("team=a")),
      // a malformed, negative or zero-length segment, an unreadable trace or file, above what one
      // client can hold in flight (1 client x 1 thread), fewer operations than clients
      Map.entry("target.profile", List.of("ramp 10 20", "constant -5 10s", "constant 100 0s", "wave 1 2 3",
          "constant 100 -1s", "sine 10 20 1s 5s", "steps 10 20 0 1s", "constant 100 10s,,ramp x 1 1s",
          "trace /nonexistent/trace.csv", "@/nonexistent/profile.txt", "constant 1000000 1s", "constant 0 10s")),
      Map.entry("target.profile.start", List.of("1")),
      Map.entry("target.profile.late", List.of("5ms")),
      Map.entry("target.profile.maxbacklog", List.of("1s")));

  /** Cases that need another property to be read at all. */
  private static final List<List<String>> WITH_CONTEXT = List.of(
      List.of("fieldlengthhistogram", "/nonexistent/histogram.txt", "fieldlengthdistribution=histogram"),
      // refused before the run, not after it when the files are written
      List.of("hdrhistogram.output.path", "/nonexistent/dir/run-", "hdrhistogram.fileoutput=true"),
      // the metrics endpoint's: a label Prometheus cannot take, or one the endpoint sets itself
      List.of("metrics.labels", "team", "metrics.port=0", "metrics.host=127.0.0.1"),
      List.of("metrics.labels", "9team=a", "metrics.port=0", "metrics.host=127.0.0.1"),
      List.of("metrics.labels", "operation=x", "metrics.port=0", "metrics.host=127.0.0.1"),
      List.of("metrics.labels", "a=1,a=2", "metrics.port=0", "metrics.host=127.0.0.1"),
      List.of("metrics.linger", "-1", "metrics.port=0", "metrics.host=127.0.0.1"),
      List.of("metrics.host", "no-such-host.invalid", "metrics.port=0"),
      // a profile's own settings, and what a profile cannot go with
      List.of("target.profile.start", "abc", "target.profile=constant 100 1s"),
      List.of("target.profile.start", "-5", "target.profile=constant 100 1s"),
      List.of("target.profile.late", "-1", "target.profile=constant 100 1s"),
      List.of("target.profile.late", "abc", "target.profile=constant 100 1s"),
      List.of("target.profile.maxbacklog", "abc", "target.profile=constant 100 1s"),
      List.of("target.profile.maxbacklog", "1ms", "target.profile=constant 100 1s"),
      List.of("target.profile", "constant 100 1s", "target=50"),
      List.of("target.profile", "constant 100 1s", "warmuptime=1"),
      List.of("target.profile", "constant 100 1s", "minexecutiontime=5"),
      List.of("target.profile", "constant 1000 1s", "client.count=2", "client.index=1", "threadcount=2000"),
      List.of("target.profile", "constant 0.5 1s", "threadcount=2"));

  @TempDir
  Path dir;

  @BeforeEach
  void reset() {
    TestBindings.CountingInits.INITS.set(0);
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    TABLE.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> e.getValue().forEach(v -> all.add(Arguments.of(e.getKey(), v, List.of()))));
    for (List<String> c : WITH_CONTEXT) {
      all.add(Arguments.of(c.get(0), c.get(1), c.subList(2, c.size())));
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("cases")
  void refusedWithOneLineBeforeAnyWork(String property, String value, List<String> context) throws IOException {
    for (String phase : List.of("-load", "-t")) {
      List<String> args = new ArrayList<>(List.of(phase, "-db", TestBindings.CountingInits.class.getName(), "-P", WORKLOAD,
          "-p", "recordcount=100", "-p", "operationcount=100", "-s"));
      if (!property.equals("exportfile")) {
        args.addAll(List.of("-p", "exportfile=" + dir.resolve("report.txt")));
      }
      for (String c : context) {
        args.addAll(List.of("-p", c));
      }
      args.addAll(List.of("-p", property + "=" + value));
      RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run(args.toArray(new String[0]));
      String cmd = String.join(" ", args);
      assertEquals(2, o.status, cmd + "\n" + o.err);
      List<String> errors = o.err.lines().filter(l -> l.startsWith("error:")).collect(Collectors.toList());
      assertEquals(1, errors.size(), cmd + "\n" + o.err);
      assertTrue(errors.get(0).startsWith("error: invalid value '" + value + "' for property '" + property + "': "),
          errors.get(0));
      assertFalse(o.err.contains("\tat "), o.err);
      assertFalse(o.err.contains("Starting test."), o.err);
      assertFalse(o.out.contains("[OVERALL]"), o.out);
      assertEquals(0, TestBindings.CountingInits.INITS.get(), "binding initialised: " + cmd);
      try (Stream<Path> files = Files.list(dir)) {
        assertEquals("", files.map(Path::toString).collect(Collectors.joining(", ")), "files written: " + cmd);
      }
    }
  }
}
