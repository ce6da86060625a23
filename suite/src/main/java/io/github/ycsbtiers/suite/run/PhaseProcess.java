package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.WarmupSetting;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One phase as a child process: {@code bin/ycsb load|run BINDING -P workload -p ... -threads N -s}
 * (the warm-up, when the phase has one, as {@code -p warmuptime=...}),
 * stdout to {@code <prefix>.txt}, stderr to {@code <prefix>.log}, HdrHistogram logs to
 * {@code <prefix>-<OPERATION>.hdr}.
 */
final class PhaseProcess {
  private final Path root;

  PhaseProcess(Path root) {
    this.root = root;
  }

  /** The directory holding bin/ycsb: {@code -Dycsb.suite.home}, else the nearest one at or above the working directory. */
  static Path findRoot() {
    String home = System.getProperty("ycsb.suite.home");
    if (home != null) {
      return Path.of(home).toAbsolutePath();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("bin/ycsb"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no bin/ycsb at or above " + Path.of("").toAbsolutePath()
        + "; run bin/ycsb-suite from the ycsb-tiers checkout");
  }

  Path root() {
    return root;
  }

  /** The runner's property naming the timeline file; every phase writes one, a row per second. */
  static final String TIMELINE_FILE = "timeline.file";
  /** A phase's timeline file is its prefix with this suffix. */
  static final String TIMELINE_SUFFIX = io.github.ycsbtiers.suite.timeline.TimelineFile.SUFFIX;

  List<String> command(String binding, PhaseSpec spec, Map<String, String> targetProps, WarmupSetting warmup,
      int threads, long minSeconds, Path prefix) {
    List<String> cmd = new ArrayList<>(List.of(root.resolve("bin/ycsb").toString(), spec.load() ? "load" : "run",
        binding, "-s", "-P", root.resolve(spec.workload()).toString()));
    targetProps.forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
    spec.properties().forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
    if (!spec.properties().containsKey("warmuptime")) {
      // a curve's steps after the first bring a short warm-up of their own
      warmup.properties(spec.load()).forEach((k, v) -> cmd.addAll(List.of("-p", k + "=" + v)));
    }
    if (minSeconds > 0 && !spec.load() && !spec.properties().containsKey("maxexecutiontime")) {
      cmd.addAll(List.of("-p", "minexecutiontime=" + minSeconds));
    }
    cmd.addAll(List.of("-p", "recordcount=" + spec.recordCount(), "-p", "operationcount=" + spec.operationCount(),
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + prefix + "-",
        "-p", TIMELINE_FILE + "=" + prefix + TIMELINE_SUFFIX, "-p", "timeline.interval=1",
        "-threads", spec.properties().getOrDefault(RampDriver.CLIENTS, Integer.toString(threads))));
    return cmd;
  }

  Process start(List<String> command, Path prefix) throws IOException {
    Files.createDirectories(prefix.getParent());
    return new ProcessBuilder(command).directory(root.toFile())
        .redirectInput(new File("/dev/null"))
        .redirectOutput(Path.of(prefix + ".txt").toFile())
        .redirectError(Path.of(prefix + ".log").toFile())
        .start();
  }
}
