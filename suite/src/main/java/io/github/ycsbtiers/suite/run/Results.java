package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.ramp.RampOutcome;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.report.TableLayout;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.scenario.Scenario;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The finished phases so far, shared by the runner and the shutdown hook. */
final class Results {
  private final Path dir;
  private final SuiteOptions options;
  private final String startedAt;
  private final List<PhaseResult> finished = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<SearchOutcome> searches = new ArrayList<>();
  private final List<Curve> curves = new ArrayList<>();
  private final List<RampOutcome> ramps = new ArrayList<>();
  private final WarmupNote warmup;
  private final ClientNote client = new ClientNote();

  Results(Path dir, SuiteOptions options, String startedAt) {
    this.dir = dir;
    this.options = options;
    this.startedAt = startedAt;
    this.warmup = new WarmupNote(options.warmup());
  }

  Path dir() {
    return dir;
  }

  /** The command that started the run, passwords masked, each argument quoted for a POSIX shell where it needs it. */
  String commandLine() {
    StringBuilder b = new StringBuilder("bin/ycsb-suite");
    for (String arg : options.commandLine()) {
      b.append(' ').append(arg.matches("[A-Za-z0-9_@%+=:,./-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'");
    }
    return b.toString();
  }

  synchronized void add(PhaseSpec spec, PhaseResult r) {
    finished.add(r);
    warmup.add(spec.load(), r);
  }

  /** A finished phase's report, for the note on each target's load shape and client cost. */
  void clientReport(String target, YcsbOutput out) {
    client.add(target, out);
  }

  synchronized void addSearch(SearchOutcome s) {
    searches.add(s);
  }

  synchronized void addRamp(RampOutcome r) {
    ramps.add(r);
  }

  /** The finished connection ramps, in run order. */
  synchronized List<RampOutcome> ramps() {
    return List.copyOf(ramps);
  }

  synchronized void addCurve(Curve c) {
    curves.add(c);
  }

  /** The finished capacity curves, in run order. */
  synchronized List<Curve> curves() {
    return List.copyOf(curves);
  }

  /** The finished latency-bound searches, in run order. */
  synchronized List<SearchOutcome> searches() {
    return List.copyOf(searches);
  }

  synchronized void note(String line) {
    notes.add(line);
  }

  synchronized Summary summary(String status) {
    Scenario s = options.scenario();
    List<Summary.Target> targets = new ArrayList<>();
    for (TargetSpec t : options.targets()) {
      targets.add(new Summary.Target(t.name(), t.toString().substring(t.name().length() + 1).replace(",", ", ")));
    }
    // the warm-up note, known only from the finished phases, follows the first note (the run's scope)
    List<String> all = new ArrayList<>(notes);
    all.add(Math.min(1, all.size()), warmup.text());
    all.addAll(client.lines());
    all.addAll(BottleneckNote.lines(finished));
    List<String> measured = targetsWithHitSource(PhaseResults.SERVER);
    if (!measured.isEmpty()) {
      all.add(String.join(", ", measured) + ": hit ratio = [SERVER] KeyspaceHits / (hits + misses), from INFO of every"
          + " master at the start and the end of the measured phase (warm-up excluded): the share of reads that found"
          + " their key (a miss is a key the server does not have, e.g. evicted), wherever the store keeps it; not a"
          + " RAM hit ratio of a store with a flash or disk tier, and 1.00 on a server that keeps every key in memory");
    }
    List<String> keyspace = targetsWithHitSource("INFO");
    if (!keyspace.isEmpty()) {
      all.add(String.join(", ", keyspace) + ": hit ratio = INFO keyspace_hits / (hits + misses) over each phase,"
          + " warm-up included: the share of reads that found their key (a miss is a key the server does not have,"
          + " e.g. evicted), wherever the store keeps it; not a RAM hit ratio of a store with a flash or disk tier,"
          + " and 1.00 on a server that keeps every key in memory");
    }
    return new Summary(s.id(), s.description(), s.groupLabel(),
        s == Scenario.VALUE_SIZE ? TableLayout.GROUP_ROWS : TableLayout.PHASE_ROWS, startedAt, targets, status,
        finished, all);
  }

  private List<String> targetsWithHitSource(String source) {
    return finished.stream().filter(r -> source.equals(r.hitSource())).map(PhaseResult::target).distinct().toList();
  }
}
