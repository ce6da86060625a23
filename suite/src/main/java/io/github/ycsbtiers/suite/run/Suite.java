package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.probe.ProbeException;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.stats.GeometricMean;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.HashSet;
import java.util.Set;

/**
 * One run of a scenario: reach every target (PING) and plan every phase before the first runs,
 * then run them, then write summary.md/csv/json, the charts and index.html ({@link RunOutputs}) and print the
 * side-by-side table and the page's path.
 * Exit status: 0 complete, 1 a target unreachable or a phase failed, 2 a bad command line,
 * 130 interrupted (what finished is kept and summarised).
 */
public final class Suite {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int USAGE = 2;
  public static final int INTERRUPTED = 130;

  private Suite() {
  }

  public static int run(SuiteOptions options, PrintStream out, PrintStream err) {
    Path root = PhaseProcess.findRoot();
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(now);
    Path dir = options.out() != null ? options.out().toAbsolutePath()
        : root.resolve("results").resolve(options.scenario().id() + "-" + stamp);
    List<TargetRuntime> targets = new ArrayList<>();
    try {
      List<SuiteRunner.Step> steps;
      try {
        steps = prepare(options, dir, targets);
      } catch (ProbeException e) {
        err.println("error: " + e.getMessage() + "; no phase was run");
        return FAILED;
      } catch (UsageException | IllegalArgumentException e) {
        err.println("error: " + e.getMessage() + "; no phase was run");
        return USAGE;
      }
      Files.createDirectories(dir);
      Results results = new Results(dir, options, now.toString());
      String scope = String.format("%d phases on %d target%s", steps.size(), targets.size(),
          targets.size() == 1 ? "" : "s");
      results.note(String.format("%s, %s%s; sizing: %s", scope, options.ramp().enabled() ? "logical clients found by"
          + " a ramp per run phase (--connections auto)" : options.threads() + " threads", options.clients() == 1 ? ""
          : String.format(" in each of %d client processes per phase (--clients; each loads its part of the key range "
              + "and runs its share of the operations; one merged report per phase)", options.clients()),
          sizing(steps, options.minOperations())));
      if (options.rounds() > 1) {
        results.note(roundsNote(options.rounds(), options.reload(), sharedServer(targets), targets.size()));
      } else if (targets.size() > 1) {
        results.note("one round: every figure and ratio is one measurement, with no interval; --rounds 3 or more gives"
            + " QPS, p99 and the ratios a 95% interval (docs/scenarios.md)");
      }
      if (options.ramp().enabled()) {
        results.note(RampDriver.note(options));
      }
      if (options.metrics().enabled()) {
        results.note(options.metrics().note(dir.getFileName().toString(), options.clients()));
      }
      if (options.curve().enabled()) {
        results.note(CurveDriver.note(options));
      }
      if (options.slo() != null && !options.curve().enabled()) {
        results.note(String.format(java.util.Locale.ROOT, "run phases searched for the highest -target meeting %s:"
            + " unthrottled first, then bisection to %.1f%%; every step warmed up and measured (see the search"
            + " section)", options.slo().describe(), 100 * options.sloPrecision()));
      }
      err.printf("%s: %s%n  %s; results in %s%n", options.scenario().id(), options.scenario().description(), scope,
          dir);
      SuiteRunner runner = new SuiteRunner(options, new PhaseProcess(root), results, err);
      Interruption hook = new Interruption(runner, results, targets, err);
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        runner.run(steps);
      } catch (PhaseFailedException e) {
        err.println("error: " + e.getMessage());
        results.note("failed: " + e.getMessage());
        return hook.finish(() -> RunOutputs.write(results.summary("failed"), results, out, err), FAILED);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return INTERRUPTED;
      }
      return hook.finish(() -> RunOutputs.write(results.summary("complete"), results, out, err), OK);
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return FAILED;
    } finally {
      for (TargetRuntime t : targets) {
        try {
          t.close();
        } catch (IOException | RuntimeException e) {
          err.println("warning: " + t.spec().name() + ": " + e.getMessage());
        }
      }
    }
  }

  /**
   * What the cells of a multi-round run are: how the rounds ran (in turn or not), the intervals from
   * three rounds on (or why there are none), and what a cell of another run means beside them.
   */
  static String roundsNote(int rounds, boolean reload, boolean sharedServer, int targets) {
    String order = reload ? "--reload: each round loads a fresh store first, the targets taking turns round by round"
        : sharedServer ? "loads once; the targets share a server, so each target's Load and rounds run before the next"
            + " target's: a pair of rounds is a target's block apart and a slow change of the machine between the blocks"
            + " is in every pair (targets on servers of their own, or --reload, take turns)"
        : targets > 1 ? "loads once, then the targets take turns round by round" : "loads once";
    String cells = rounds >= GeometricMean.MIN_SAMPLES
        ? String.format(Locale.ROOT, "a QPS or p99 cell is the geometric mean over the rounds with its 95%% interval,"
            + " mean (low%shigh): Student t on the logarithms, which assumes the rounds independent and their"
            + " logarithms roughly normal; other cells are the min%smax; a ratio is the geometric mean of the"
            + " paired per-round ratios (round r of the first target over round r of the other) with its 95%%"
            + " interval, marked ~ where the interval holds 1: no difference shown; a phase that ran once (a Load"
            + " without --reload) has no interval; an interval covers this run only: a cell of another run outside"
            + " it is not by itself a change, as the machine's state can last a whole run (bin/ycsb-suite compare"
            + " tests two runs)", "\u2013", "\u2013")
        : String.format(Locale.ROOT, "a cell is the min%smax over its rounds and a ratio the geometric mean of the"
            + " paired per-round ratios; two rounds give no interval (--rounds 3 or more does); two runs of %d"
            + " rounds give a cell disjoint ranges %s even when nothing differs between them", "\u2013", rounds,
            disjointOdds(rounds));
    return String.format(Locale.ROOT, "every run phase measured %d times (--rounds %d; %s): %s; the charts show the"
        + " last round", rounds, rounds, order, cells);
  }

  /**
   * How often two runs of {@code rounds} rounds each give one cell disjoint min–max ranges when
   * all 2R figures come from one distribution: of the C(2R, R) equally likely ways to split their
   * order between the runs, 2 put one run's figures all below the other's.
   */
  static String disjointOdds(int rounds) {
    double orders = 1;
    for (int i = 1; i <= rounds; i++) {
      orders = orders * (rounds + i) / i;
    }
    double oneIn = Math.rint(orders) / 2;
    return oneIn >= 1e6 ? "fewer than one time in a million"
        : String.format(java.util.Locale.ROOT, "one time in %,.0f", oneIn);
  }

  static List<SuiteRunner.Step> prepare(SuiteOptions options, Path dir, List<TargetRuntime> targets) {
    List<List<PhaseSpec>> plans = new ArrayList<>();
    for (TargetSpec spec : options.targets()) {
      TargetRuntime t;
      try {
        t = TargetRuntime.open(spec, dir);
      } catch (ProbeException e) {
        throw new ProbeException("target " + spec.name() + ": " + e.getMessage(), e);
      }
      targets.add(t);
      plans.add(options.scenario().plan(options, spec, t.maxmemory()));
    }
    Set<String> groups = new LinkedHashSet<>();
    plans.forEach(plan -> plan.forEach(p -> groups.add(p.group())));
    List<SuiteRunner.Step> steps = new ArrayList<>();
    int rounds = options.rounds();
    for (String group : groups) {
      if (options.reload()) {
        // a round is every target's Load and run phases; the next round starts from fresh stores
        for (int r = 1; r <= rounds; r++) {
          for (int i = 0; i < targets.size(); i++) {
            addPhases(steps, targets.get(i), plans.get(i), group, true, r);
            addPhases(steps, targets.get(i), plans.get(i), group, false, r);
          }
        }
        continue;
      }
      if (rounds > 1 && !sharedServer(targets)) {
        // --rounds: every target's Load, then round after round each target's run phases in turn,
        // so that round r of two targets is a pair taken minutes apart (the ratios' paired samples)
        for (int i = 0; i < targets.size(); i++) {
          addPhases(steps, targets.get(i), plans.get(i), group, true, 0);
        }
        for (int r = 1; r <= rounds; r++) {
          for (int i = 0; i < targets.size(); i++) {
            addPhases(steps, targets.get(i), plans.get(i), group, false, r);
          }
        }
        continue;
      }
      for (int i = 0; i < targets.size(); i++) {
        addPhases(steps, targets.get(i), plans.get(i), group, true, 0);
        // one round, or targets on one server: a target's run phases follow its own Load, round after round
        for (int r = 1; r <= rounds; r++) {
          addPhases(steps, targets.get(i), plans.get(i), group, false, rounds > 1 ? r : 0);
        }
      }
    }
    return steps;
  }

  /**
   * Whether two remote targets keep their data on one server: then a target's Load (and FLUSHALL)
   * would overwrite the other's data between its rounds, so the targets cannot take turns.
   */
  static boolean sharedServer(List<TargetRuntime> targets) {
    Set<String> servers = new HashSet<>();
    for (TargetRuntime t : targets) {
      if (t.server() != null && !servers.add(t.server())) {
        return true;
      }
    }
    return false;
  }

  /** Adds the target's Loads ({@code load}) or run phases of {@code group}, in plan order, as round {@code round}. */
  private static void addPhases(List<SuiteRunner.Step> steps, TargetRuntime target, List<PhaseSpec> plan,
      String group, boolean load, int round) {
    for (PhaseSpec p : plan) {
      if (p.group().equals(group) && p.load() == load) {
        steps.add(new SuiteRunner.Step(target, p, round));
      }
    }
  }

  private static String sizing(List<SuiteRunner.Step> steps, long minOperations) {
    Set<String> lines = new LinkedHashSet<>();
    for (SuiteRunner.Step s : steps) {
      if (s.phase().load()) {
        // a run phase of the group says how much it does: operations, or seconds when time-bounded
        PhaseSpec run = steps.stream().filter(o -> o.target() == s.target() && !o.phase().load()
            && o.phase().group().equals(s.phase().group())).map(SuiteRunner.Step::phase).findFirst().orElse(s.phase());
        String extent = run.load() ? String.format("%,d operations", run.operationCount()) : run.extent();
        lines.add(String.format("%s %s: %,d records, %s per run phase", s.target().spec().name(),
            s.phase().group(), s.phase().recordCount(), extent)
            + (minOperations > 0 && s.phase().operationCount() == minOperations ? " (the --min-operations floor)" : ""));
      }
    }
    return String.join("; ", lines);
  }
}
