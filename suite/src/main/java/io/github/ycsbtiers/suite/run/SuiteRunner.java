package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.ProfileOption;
import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.ramp.RampOutcome;
import io.github.ycsbtiers.suite.probe.InfoDelta;
import io.github.ycsbtiers.suite.probe.InfoSnapshot;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs planned phases in order (for each group, each target's phases of that group), collecting
 * results into a {@link Results}. Stops at the first failed phase; an interrupt (Ctrl-C) stops the
 * running child and keeps what finished.
 */
public final class SuiteRunner {
  /** A phase to run against one target. */
  /** A phase of one target; {@code round} counts from 1, 0 when the run has a single round. */
  record Step(TargetRuntime target, PhaseSpec phase, int round) {
  }

  private static final long PROGRESS_INTERVAL_SECONDS = 30;
  private static final int SIGINT_STATUS = 130;
  private static final int SIGTERM_STATUS = 143;
  private final SuiteOptions options;
  private final PhaseProcess process;
  private final Results results;
  private final PrintStream log;
  private volatile Process current;
  private volatile ClientGroup currentGroup;
  private volatile boolean stopping;

  SuiteRunner(SuiteOptions options, PhaseProcess process, Results results, PrintStream log) {
    this.options = options;
    this.process = process;
    this.results = results;
    this.log = log;
  }

  /** Runs every step; returns normally when all finished, throws {@link PhaseFailedException} otherwise. */
  void run(List<Step> steps) throws IOException, InterruptedException {
    Progress progress = new Progress(steps.stream().map(Step::phase).toList(), Progress.runPhaseRuns(options));
    Settler settler = new Settler(options.settleSeconds(), options.settleLimitSeconds());
    for (int i = 0; i < steps.size() && !stopping; i++) {
      Step step = steps.get(i);
      PhaseSpec spec = step.phase();
      TargetRuntime target = step.target();
      String name = target.spec().name();
      if (spec.load()) {
        target.startGroup(spec, options.flush());
      }
      if (options.ramp().enabled() && !spec.load()) {
        RampOutcome ramp = new RampDriver(this, options.ramp(), options.warmup(), options.slo())
            .run(target, spec, i + 1, steps.size(), progress, settler);
        if (ramp == null) {
          return;
        }
        results.addRamp(ramp);
        spec = RampDriver.withClients(spec, ramp.chosen());
      }
      if (options.curve().enabled() && !spec.load()) {
        Curve curve = new CurveDriver(this, options.curve(), options.warmup(), options.slo(), options.sloPrecision())
            .run(target, spec, i + 1, steps.size(), progress, settler);
        if (curve == null) {
          return;
        }
        results.addCurve(curve);
        if (options.profile().enabled() && curve.saturation() != null) {
          // the capacity read from one profile (a ramp through the knee), beside the stepped curve's
          PhaseSpec profiled = ProfileOption.profiled(spec, options.profile().resolve(curve.saturation().achieved()),
              true);
          if (runPhase(target, profiled, String.format("%02d-%s", i + 1, profiled.fileLabel()), i + 1, steps.size(),
              progress, settler, 0) == null) {
            return;
          }
        }
        if (curve.search() != null) {
          results.addSearch(curve.search());
          log.println("  " + name + ": " + spec.group() + " " + spec.phase() + ": " + curve.search().verdict());
        }
        progress.done(spec);
      } else if (options.slo() != null && !spec.load()) {
        SearchOutcome outcome = new SearchDriver(this, options.slo(), options.sloPrecision())
            .search(target, spec, i + 1, steps.size(), progress, settler);
        if (outcome == null) {
          return;
        }
        results.addSearch(outcome);
        log.println("  " + name + ": " + spec.group() + " " + spec.phase() + ": " + outcome.verdict());
        progress.done(spec);
      } else if (runPhase(target, options.profile().enabled() && !spec.load()
          ? ProfileOption.profiled(spec, options.profile().text(), false) : spec, String.format("%02d-%s%s", i + 1,
          spec.fileLabel(),
          step.round() > 0 ? "-r" + step.round() : ""), i + 1, steps.size(), progress, settler, step.round()) == null) {
        return;
      } else {
        progress.done(spec);
      }
      if (storeDone(steps, i)) {
        target.endGroup();
      }
    }
  }

  /**
   * Whether step {@code i} is the last to use its target's store of the group: the target's next
   * step in the group, if any, is a Load (which starts a fresh one). With --rounds the targets take
   * turns, so a target's next step is not always the next step.
   */
  static boolean storeDone(List<Step> steps, int i) {
    Step step = steps.get(i);
    for (Step next : steps.subList(i + 1, steps.size())) {
      if (next.target() == step.target() && next.phase().group().equals(step.phase().group())) {
        return next.phase().load();
      }
    }
    return true;
  }

  /**
   * Runs one phase (a scenario's, or a step of a search) and records its result; null when the
   * suite is stopping.
   */
  PhaseResult runPhase(TargetRuntime target, PhaseSpec spec, String prefixName, int index, int count,
      Progress progress, Settler settler) throws IOException, InterruptedException {
    return runPhase(target, spec, prefixName, index, count, progress, settler, 0);
  }

  /** The same, as round {@code round} of the phase (0: the run has one round). */
  PhaseResult runPhase(TargetRuntime target, PhaseSpec spec, String prefixName, int index, int count,
      Progress progress, Settler settler, int round) throws IOException, InterruptedException {
    String name = target.spec().name();
    log.println(progress.line(index, count, name, spec));
    Path prefix = results.dir().resolve("raw").resolve(name).resolve(prefixName);
    List<String> command = process.command(target.spec().binding(), spec, target.phaseProperties(),
        options.warmup(), options.threads(), options.minSeconds(), prefix);
    if (options.metrics().enabled()) {
      command.addAll(options.metrics().properties(results.dir().getFileName().toString(), java.util.Map.of(
          "scenario", options.scenario().id(), "target", name, "step", prefixName)));
    }
    InfoSnapshot before = target.info();
    Map<String, Long> nodesBefore = target.nodeCalls();
    int status = runChild(command, prefix, progress, index, count, name, spec);
    if (status == SIGINT_STATUS || status == SIGTERM_STATUS) {
      // Ctrl-C reaches the whole process group: the child may exit before our hook has said so
      for (int wait = 0; wait < 20 && !stopping; wait++) {
        Thread.sleep(100);
      }
    }
    if (stopping) {
      return null;
    }
    if (status != 0) {
      throw new PhaseFailedException(name + ": " + spec.group() + " " + spec.phase() + " failed (exit status "
          + status + "): " + lastLine(Path.of(prefix + ".log")) + "; see " + prefix + ".log");
    }
    InfoSnapshot after = target.info();
    InfoDelta delta = before == null ? null : InfoDelta.between(before, after);
    YcsbOutput out = YcsbOutput.parse(Files.readString(Path.of(prefix + ".txt"), StandardCharsets.UTF_8));
    PhaseResult result = PhaseResults.of(name, spec, out, delta, results.dir(), files(prefix));
    Map<String, String> details = new TreeMap<>(result.details());
    warmupEnded(Path.of(prefix + ".log")).ifPresent(line -> details.put("warmup", line));
    if (round > 0) {
      details.put("round", Integer.toString(round));
    }
    if (nodesBefore != null && !(out.has(PhaseResults.SERVER)
        && NodeCalls.addFromServer(out.section(PhaseResults.SERVER), nodesBefore.keySet(), result, details))) {
      NodeCalls.addDetails(nodesBefore, target.nodeCalls(), result, details);
    }
    if (spec.load()) {
      String settled = settler.settle(target);
      details.put("settle", settled);
      log.println("  " + name + ": settling after load: " + settled);
    }
    result = result.withDetails(details);
    results.add(spec, result);
    results.clientReport(name, out);
    String templateNote = TemplateFigures.note(name, spec.group(), spec.phase(), out);
    if (templateNote != null) {
      results.note(templateNote);
    }
    log.printf("  %s: %,.0f ops/s, p99 %s us%s%s%n", name, result.throughput(),
        result.p99Us() == null ? "-" : String.format("%.0f", result.p99Us()),
        result.hitRatio() == null ? "" : String.format(", hit ratio %.2f (%s)", result.hitRatio(), result.hitSource()),
        result.warmup() == null ? "" : String.format(", after a %.1f s warm-up", result.warmup().runtimeMs() / 1000.0));
    return result;
  }

  /** Runs the phase's bin/ycsb, repeating the progress line every half minute while it runs. */
  private int runChild(List<String> command, Path prefix, Progress progress, int index, int count, String name,
      PhaseSpec spec) throws IOException, InterruptedException {
    if (options.clients() > 1) {
      return runClients(command, prefix, progress, index, count, name, spec);
    }
    Process p;
    synchronized (this) {
      if (stopping) {
        return SIGTERM_STATUS;
      }
      p = process.start(command, prefix);
      current = p;
    }
    try {
      while (!p.waitFor(PROGRESS_INTERVAL_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
        log.println(progress.line(index, count, name, spec) + " (running)");
      }
      return p.exitValue();
    } finally {
      current = null;
    }
  }

  /** As {@link #runChild}, with --clients N client processes and a merge ({@link ClientGroup}). */
  private int runClients(List<String> command, Path prefix, Progress progress, int index, int count, String name,
      PhaseSpec spec) throws IOException, InterruptedException {
    ClientGroup group = new ClientGroup(process.root(), options.clients(), prefix);
    synchronized (this) {
      if (stopping) {
        return SIGTERM_STATUS;
      }
      group.start(command);
      currentGroup = group;
    }
    try {
      while (!group.waitFor(PROGRESS_INTERVAL_SECONDS)) {
        log.println(progress.line(index, count, name, spec) + " (running, " + options.clients() + " clients)");
      }
      return group.exitValue();
    } finally {
      currentGroup = null;
    }
  }

  Path resultsDir() {
    return results.dir();
  }

  PrintStream log() {
    return log;
  }

  /** Called by the shutdown hook: no new phase starts and the running one is stopped. */
  void stop() {
    Process p;
    ClientGroup group;
    synchronized (this) {
      stopping = true;
      p = current;
      group = currentGroup;
    }
    if (group != null) {
      group.destroy();
    }
    if (p != null) {
      p.destroy();
      try {
        if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  private static List<String> files(Path prefix) throws IOException {
    List<String> files = new ArrayList<>();
    Path dir = prefix.getParent();
    String base = prefix.getFileName().toString();
    Path resultsDir = dir.getParent().getParent();
    try (var stream = Files.list(dir)) {
      stream.map(p -> p.getFileName().toString())
          .filter(f -> f.equals(base + ".txt") || f.equals(base + ".log") || f.equals(base + PhaseProcess.TIMELINE_SUFFIX)
              || (f.startsWith(base + "-") && f.endsWith(".hdr")))
          .sorted()
          .forEach(f -> files.add(resultsDir.relativize(dir.resolve(f)).toString()));
    }
    // --clients N: every client's directory <base>-c<i>/ (its HdrHistogram logs among them)
    for (int i = 0; Files.isDirectory(dir.resolve(base + "-c" + i)); i++) {
      try (var stream = Files.list(dir.resolve(base + "-c" + i))) {
        stream.map(p -> resultsDir.relativize(p).toString()).sorted().forEach(files::add);
      }
    }
    return files;
  }

  /** bin/ycsb's one line on why the warm-up ended ("Warm-up ended after ..."), if it warmed up. */
  static Optional<String> warmupEnded(Path log) {
    try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
      return lines.filter(l -> l.startsWith("Warm-up ended after")).map(String::trim).findFirst();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("error")) {
          return lines.get(i);
        }
      }
      return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      return "(no log)";
    }
  }
}
