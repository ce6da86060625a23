package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WarmupNoteTest {
  private static WarmupNote note(String... args) {
    List<String> all = new ArrayList<>(List.of("tier-ratio"));
    all.addAll(List.of(args));
    return new WarmupNote(SuiteOptions.fromArgs(all).warmup());
  }

  private static PhaseResult result(String phase, Long warmupMs) {
    return new PhaseResult("pmem", "7:1", phase, 100, 1000.0, null, null, null, null, null, null, null, null, 100,
        warmupMs == null ? null : new PhaseResult.Warmup(warmupMs, 5000), Map.of(), List.of());
  }

  @Test
  void namesTheSettingAndTheRangeOfTheFinishedWarmups() {
    WarmupNote n = note();
    assertEquals("run phases warmed up first (warmuptime=auto, cap 60 s), not measured; loads measured whole",
        n.text(), "before any phase finished");
    n.add(true, result("load", null));
    n.add(false, result("uniform-read", 4120L));
    n.add(false, result("zipfian-read", 9790L));
    assertEquals("run phases warmed up first (warmuptime=auto, cap 60 s): 4.1-9.8 s, not measured;"
        + " loads measured whole", n.text());
  }

  @Test
  void equalWarmupsShowOneFigure() {
    WarmupNote n = note("--warmup", "5");
    n.add(false, result("uniform-read", 5003L));
    n.add(false, result("zipfian-read", 5012L));
    assertEquals("run phases warmed up first (warmuptime=5): 5.0 s, not measured; loads measured whole", n.text());
  }

  @Test
  void warmedUpLoadsAreSaidToMeasureFewerInserts() {
    WarmupNote n = note("--warmup-load", "--warmup-max", "20");
    n.add(true, result("load", 2000L));
    n.add(false, result("uniform-read", 20000L));
    assertEquals("loads and run phases warmed up first (warmuptime=auto, cap 20 s): 2.0-20.0 s, not measured;"
        + " a Load's warm-up inserts are among its records (at most half), so it measures fewer inserts", n.text());
  }

  @Test
  void noWarmupIsSaid() {
    WarmupNote n = note("--warmup", "0");
    n.add(false, result("uniform-read", null));
    assertEquals("no warm-up (--warmup 0): every phase measured from its first operation", n.text());
  }

  @Test
  void aBinYcsbWithoutWarmupIsNotReportedAsWarmedUp() {
    WarmupNote n = note("--warmup", "1");
    n.add(true, result("load", null));
    n.add(false, result("uniform-read", null));
    assertEquals("run phases asked to warm up first (warmuptime=1), but no phase report has a [WARMUP] section"
        + " (a bin/ycsb without warm-up): every operation measured", n.text());
    WarmupNote some = note("--warmup", "1");
    some.add(false, result("uniform-read", 1000L));
    some.add(false, result("zipfian-read", null));
    assertEquals("run phases warmed up first (warmuptime=1): 1.0 s, not measured (1 of 2 reported no warm-up);"
        + " loads measured whole", some.text());
  }

  @Test
  void theSummaryShowsTheNoteAfterTheRunsScope() {
    Results results = new Results(Path.of("/tmp/r"), SuiteOptions.fromArgs(List.of("tier-ratio", "--warmup", "2")),
        "2026-11-23T09:00:00Z");
    assertEquals(List.of("run phases warmed up first (warmuptime=2), not measured; loads measured whole"),
        results.summary("complete").notes());
    results.note("8 phases on 1 target, 8 threads");
    results.add(new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read", 10, 10, Map.of()),
        result("uniform-read", 2004L));
    results.note("interrupted: the phase that was running is not in the tables");
    assertEquals(List.of("8 phases on 1 target, 8 threads",
        "run phases warmed up first (warmuptime=2): 2.0 s, not measured; loads measured whole",
        "interrupted: the phase that was running is not in the tables"), results.summary("interrupted").notes());
  }
}
