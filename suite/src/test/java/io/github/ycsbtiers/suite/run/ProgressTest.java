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
  void clockShowsHoursOnlyWhenNeeded() {
    assertEquals("1:05", Progress.clock(Duration.ofSeconds(65)));
    assertEquals("2:00:03", Progress.clock(Duration.ofSeconds(7203)));
  }
}
