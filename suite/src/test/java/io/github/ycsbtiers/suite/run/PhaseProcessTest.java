package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.cli.WarmupSetting;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseProcessTest {
  private static final PhaseSpec LOAD = new PhaseSpec("7:1", "load", true, "workloads/load", 1000, 1000, Map.of());
  private static final PhaseSpec READ = new PhaseSpec("7:1", "uniform-read", false, "workloads/uniform-read", 1000,
      1000, Map.of("fieldcount", "1"));

  private static List<String> command(PhaseSpec spec, String... options) {
    List<String> args = new ArrayList<>(List.of("tier-ratio"));
    args.addAll(List.of(options));
    SuiteOptions parsed = SuiteOptions.fromArgs(args);
    return new PhaseProcess(Path.of("/ycsb")).command("tiered", spec, Map.of("tiered.medium", "pmem"),
        parsed.warmup(), 4, parsed.minSeconds(), Path.of("/out/raw/pmem/02-7-1-uniform-read"));
  }

  @Test
  void runPhasesAskForTheWarmupAndLoadsDoNotByDefault() {
    assertEquals(List.of("/ycsb/bin/ycsb", "run", "tiered", "-s", "-P", "/ycsb/workloads/uniform-read",
        "-p", "tiered.medium=pmem", "-p", "fieldcount=1", "-p", "warmuptime=auto", "-p", "warmuptime.max=60",
        "-p", "recordcount=1000", "-p", "operationcount=1000", "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=/out/raw/pmem/02-7-1-uniform-read-",
        "-p", "timeline.file=/out/raw/pmem/02-7-1-uniform-read-timeline.jsonl", "-p", "timeline.interval=1",
        "-threads", "4"), command(READ));
    assertFalse(String.join(" ", command(LOAD)).contains("warmuptime"));
  }

  @Test
  void theWarmupOptionsReachThePhaseCommandLine() {
    String run = String.join(" ", command(READ, "--warmup", "3"));
    assertEquals(1, run.split("-p warmuptime=3 ", -1).length - 1, run);
    assertFalse(run.contains("warmuptime.max"), run);
    assertFalse(String.join(" ", command(READ, "--warmup", "0")).contains("warmuptime"));
    String load = String.join(" ", command(LOAD, "--warmup-load", "--warmup-max", "20"));
    assertEquals(1, load.split("-p warmuptime=auto -p warmuptime.max=20 ", -1).length - 1, load);
  }

  @Test
  void minSecondsReachRunPhasesThatAreNotTimeBoundedThemselves() {
    assertTrue(String.join(" ", command(READ, "--min-seconds", "5")).contains("-p minexecutiontime=5 "));
    assertFalse(String.join(" ", command(LOAD, "--min-seconds", "5")).contains("minexecutiontime"));
    PhaseSpec timed = new PhaseSpec("1:1", "set-get", false, "workloads/uniform-read", 1000, 0,
        Map.of("maxexecutiontime", "3"));
    assertFalse(String.join(" ", command(timed, "--min-seconds", "5")).contains("minexecutiontime"));
    assertFalse(String.join(" ", command(READ)).contains("minexecutiontime"));
  }
}
