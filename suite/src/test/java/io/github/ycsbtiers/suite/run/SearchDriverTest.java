package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SearchDriverTest {
  @TempDir
  Path dir;

  @Test
  void aStepIsThePhaseThrottledAndBoundedInTime() {
    PhaseSpec run = new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read", 1000, 1000, Map.of("a", "b"));
    PhaseSpec ceiling = SearchDriver.step(run, 0, 0);
    assertEquals("uniform-read @unthrottled", ceiling.phase());
    assertEquals(Map.of("a", "b", "measurement.interval", "both"), ceiling.properties());
    PhaseSpec step = SearchDriver.step(run, 1200, 7);
    assertEquals("uniform-read @1200/s", step.phase());
    assertEquals("1200", step.properties().get("target"));
    assertEquals("7", step.properties().get("maxexecutiontime"));
    assertEquals(1200 * 7, step.operationCount(), "a step measures its seconds at its rate, not the phase's count");
    assertEquals(1000, SearchDriver.step(run, 100, 7).operationCount(), "the phase's count when it is larger");
    assertEquals(1000, ceiling.operationCount(), "unthrottled: the phase's count");
    PhaseSpec timed = SearchDriver.step(new PhaseSpec("g", "p", false, "w", 10, 0, Map.of("maxexecutiontime", "3")),
        50, 7);
    assertEquals("3", timed.properties().get("maxexecutiontime"), "a time-bounded phase keeps its bound");
    assertEquals(0, timed.operationCount(), "and its operation count of 0");
    assertFalse(run.properties().containsKey("target"));
  }

  @Test
  void thePercentileTakesEveryOperationOfTheChosenLatencyKind() throws Exception {
    write("s-READ.hdr", 100, 1000);
    write("s-UPDATE.hdr", 300, 1000);
    write("s-Intended-READ.hdr", 5000, 1000);
    write("s-Intended-UPDATE.hdr", 9000, 1000);
    write("s-CLEANUP.hdr", 1_000_000, 10);
    List<String> files = List.of("s-READ.hdr", "s-UPDATE.hdr", "s-Intended-READ.hdr", "s-Intended-UPDATE.hdr",
        "s-CLEANUP.hdr", "s.txt");
    assertEquals(300, SearchDriver.percentile(dir, files, false, 99), 1);
    assertEquals(100, SearchDriver.percentile(dir, files, false, 40), 1);
    assertEquals(9000, SearchDriver.percentile(dir, files, true, 99), 10);
    assertEquals(-1, SearchDriver.percentile(dir, List.of("s.txt"), true, 99));
  }

  private void write(String name, long value, int count) throws Exception {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(value, count);
    try (var out = Files.newOutputStream(dir.resolve(name))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputIntervalHistogram(h);
    }
  }
}
