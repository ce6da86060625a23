package io.github.ycsbtiers.suite.run;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One phase as N bin/ycsb client processes ({@code --clients N}) and one {@code bin/ycsb merge}:
 * client i runs the phase's command with {@code client.count=N}, {@code client.index=i}, its share
 * of the phase's operationcount, and its result directory {@code <prefix>-c<i>/} (HdrHistogram
 * logs, report.txt, client.properties, stdout.txt, stderr.log). When all have completed, the
 * merged report goes to {@code <prefix>.txt} as a single client's would, their timelines added row by
 * row to {@code <prefix>-timeline.jsonl}, and {@code <prefix>.log}
 * collects every client's stderr and the merge's, so the rest of the suite reads one phase.
 */
final class ClientGroup {
  private final Path root;
  private final int count;
  private final Path prefix;
  private final List<Process> clients = new ArrayList<>();
  private Process merge;
  private Integer status;

  ClientGroup(Path root, int count, Path prefix) {
    this.root = root;
    this.count = count;
    this.prefix = prefix;
  }

  Path clientDir(int index) {
    return Path.of(prefix + "-c" + index);
  }

  /**
   * Client {@code index}'s command: the phase's, with its own result directory, its share of the
   * operations (the first {@code total % count} clients one more) and its place among the clients.
   */
  List<String> clientCommand(List<String> command, int index) {
    List<String> cmd = new ArrayList<>();
    for (String arg : command) {
      if (arg.startsWith("hdrhistogram.output.path=")) {
        cmd.add("hdrhistogram.output.path=" + clientDir(index) + "/");
      } else if (arg.startsWith(PhaseProcess.TIMELINE_FILE + "=")) {
        cmd.add(PhaseProcess.TIMELINE_FILE + "=" + clientDir(index) + "/timeline.jsonl");
      } else if (arg.startsWith("metrics.port=")) {
        // each client its own endpoint, next to the first's
        cmd.add("metrics.port=" + (Integer.parseInt(arg.substring("metrics.port=".length())) + index));
      } else if (arg.startsWith("operationcount=")) {
        long total = Long.parseLong(arg.substring("operationcount=".length()));
        cmd.add("operationcount=" + (total / count + (index < total % count ? 1 : 0)));
      } else {
        cmd.add(arg);
      }
    }
    cmd.addAll(List.of("-p", "client.count=" + count, "-p", "client.index=" + index));
    return cmd;
  }

  /**
   * The same, and under a rate profile one start for every client ({@code target.profile.start},
   * {@code profileStart} epoch ms), since their JVMs are ready at different moments.
   */
  List<String> clientCommand(List<String> command, int index, long profileStart) {
    List<String> cmd = clientCommand(command, index);
    if (profileStart > 0) {
      cmd.addAll(List.of("-p", "target.profile.start=" + profileStart));
    }
    return cmd;
  }

  /** When N clients start a profile: long enough after their launch for every JVM to be ready. */
  static final long PROFILE_START_DELAY_MS = 10_000;

  synchronized void start(List<String> command) throws IOException {
    Files.createDirectories(prefix.getParent());
    long profileStart = command.stream().anyMatch(a -> a.startsWith("target.profile="))
        ? System.currentTimeMillis() + PROFILE_START_DELAY_MS : 0;
    for (int i = 0; i < count; i++) {
      Path dir = Files.createDirectories(clientDir(i));
      clients.add(new ProcessBuilder(clientCommand(command, i, profileStart)).directory(root.toFile())
          .redirectInput(new File("/dev/null"))
          .redirectOutput(dir.resolve("stdout.txt").toFile())
          .redirectError(dir.resolve("stderr.log").toFile())
          .start());
    }
  }

  /** Waits up to {@code seconds} for every client and then the merge; true when all is done. */
  boolean waitFor(long seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    for (Process p : clients) {
      if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        return false;
      }
    }
    if (status != null) {
      return true;
    }
    for (Process p : clients) {
      if (p.exitValue() != 0) {
        status = p.exitValue();
        collectLogs();
        return true;
      }
    }
    // the clients' timelines added row by row, as the phase's one timeline
    List<String> cmd = new ArrayList<>(List.of(root.resolve("bin/ycsb").toString(), "merge",
        "-p", PhaseProcess.TIMELINE_FILE + "=" + prefix + PhaseProcess.TIMELINE_SUFFIX));
    for (int i = 0; i < count; i++) {
      cmd.add(clientDir(i).toString());
    }
    Process m;
    synchronized (this) {
      m = new ProcessBuilder(cmd).directory(root.toFile()).redirectInput(new File("/dev/null"))
          .redirectOutput(Path.of(prefix + ".txt").toFile())
          .redirectError(Path.of(prefix + "-merge.log").toFile())
          .start();
      merge = m;
    }
    status = m.waitFor();
    collectLogs();
    return true;
  }

  int exitValue() {
    return status;
  }

  /** Stops every process still running. */
  synchronized void destroy() {
    clients.forEach(Process::destroy);
    if (merge != null) {
      merge.destroy();
    }
  }

  private void collectLogs() throws IOException {
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < count; i++) {
      Path err = clientDir(i).resolve("stderr.log");
      log.append("== client ").append(i).append(" of ").append(count).append(" (").append(err).append(") ==\n");
      if (Files.exists(err)) {
        log.append(Files.readString(err, StandardCharsets.UTF_8));
      }
    }
    Path mergeLog = Path.of(prefix + "-merge.log");
    if (Files.exists(mergeLog)) {
      log.append("== bin/ycsb merge ==\n").append(Files.readString(mergeLog, StandardCharsets.UTF_8));
    }
    Files.writeString(Path.of(prefix + ".log"), log.toString(), StandardCharsets.UTF_8);
  }
}
