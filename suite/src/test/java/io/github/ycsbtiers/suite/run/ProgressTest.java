package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void linesNameThePhaseTheTargetTheElapsedTimeAndAnEta() {
    PhaseSpec load = new PhaseSpec("7:1", "load", true, "workloads/load", 1000, 1000, Map.of());
    PhaseSpec read = new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read", 1000, 1000, Map.of());
    Progress p = new Progress(List.of(load, read));
    String first = p.line(1, 2, "pmem", load);
    // elapsed is wall time since the suite started, whatever the machine did meanwhile; nothing has
    // finished yet, so there is nothing to estimate from
    assertTrue(first.matches("\\[1/2\\] pmem: 7:1 load \\(1,000 operations\\)  elapsed \\d+:\\d\\d, ETA \\?"), first);
    p.done(load);
    assertTrue(p.line(2, 2, "pmem", read).matches("\\[2/2\\] pmem: 7:1 uniform-read \\(1,000 operations\\)  "
        + "elapsed \\d+:\\d\\d, ETA \\d+:\\d\\d"), p.line(2, 2, "pmem", read));
  }

  @Test
  void aCurvesRunPhaseWeighsAsManyRunsAsItsStepsAndTheRampsMost() {
    PhaseSpec load = new PhaseSpec("7:1", "load", true, "workloads/load", 1000, 1000, Map.of());
    PhaseSpec read = new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read", 1000, 1000, Map.of());
    Progress plain = new Progress(List.of(load, read));
    plain.done(load);
    assertEquals(0.5, plain.doneShare(), 1e-12);
    var curve = io.github.ycsbtiers.suite.cli.SuiteOptions.fromArgs(List.of("tier-ratio", "--curve"));
    assertEquals(9, Progress.runPhaseRuns(curve), "the saturation run and eight steps");
    Progress p = new Progress(List.of(load, read), Progress.runPhaseRuns(curve));
    p.done(load);
    assertEquals(0.1, p.doneShare(), 1e-12, "the load is one run of ten");
    assertEquals(11, Progress.runPhaseRuns(io.github.ycsbtiers.suite.cli.SuiteOptions.fromArgs(
        List.of("tier-ratio", "--curve", "--slo", "p99<1ms"))), "and two bisection steps");
    assertEquals(1 + 9, Progress.runPhaseRuns(io.github.ycsbtiers.suite.cli.SuiteOptions.fromArgs(
        List.of("tier-ratio", "--connections", "auto"))), "and at most nine ramp steps");
  }

  @Test
  void clockShowsHoursOnlyWhenNeeded() {
    assertEquals("1:05", Progress.clock(Duration.ofSeconds(65)));
    assertEquals("2:00:03", Progress.clock(Duration.ofSeconds(7203)));
  }
}
