package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.scenario.PhaseSelection;
import io.github.ycsbtiers.suite.scenario.PlanInputs;
import io.github.ycsbtiers.suite.scenario.Scenario;
import io.github.ycsbtiers.suite.scenario.SetGet;
import io.github.ycsbtiers.suite.search.Slo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Every option of {@code bin/ycsb-suite}, parsed once by {@link #fromArgs}. Unset numbers are empty
 * optionals: the scenario decides their defaults from the target. Options of one scenario or
 * feature are parsed by their own classes ({@link SearchOptions}, {@link CurveOptions},
 * {@link RampOptions}, {@link FlashHitOptions}, {@link ClientsOption}, {@link ProfileOption}).
 */
public final class SuiteOptions implements PlanInputs {
  public static final int DEFAULT_THREADS = Scenario.DEFAULT_THREADS;
  public static final int DEFAULT_VALUE_SIZE = 100;
  public static final long DEFAULT_SETTLE_LIMIT_SECONDS = 600;
  public static final double DEFAULT_SLO_PRECISION_PERCENT = SearchOptions.DEFAULT_PRECISION_PERCENT;
  public static final List<TargetSpec> DEFAULT_TARGETS = List.of(
      TargetSpec.parse("pmem=tiered,tiered.medium=pmem,tiered.sync=always"),
      TargetSpec.parse("disk=tiered,tiered.medium=disk,tiered.sync=always"));
  public static final String USAGE = String.join("\n",
      "usage: bin/ycsb-suite <scenario> [--target NAME=BINDING[,prop=value...]]... [options]",
      "scenarios: " + Scenario.names(),
      "  --target NAME=BINDING[,prop=value...]  a target (repeatable); default: "
          + DEFAULT_TARGETS.get(0) + " and " + DEFAULT_TARGETS.get(1),
      "  --threads N          client threads of every phase (default " + DEFAULT_THREADS + "; cluster-qps: 200 in flight)",
      ClientsOption.USAGE,
      "  --records N          recordcount of every Load (default: from the scenario's sizing)",
      "  --operations N       operationcount of every run phase (default: from the scenario's sizing)",
      "  --min-operations N   raise a run phase's operationcount from the sizing to at least N",
      "  --min-seconds S      measure every run phase for at least S seconds as well (minexecutiontime)",
      "  --rounds R           measure every run phase R times, the targets taking turns round by round; from 3 rounds"
          + " QPS, p99 and ratios get a 95% interval",
      "  --reload             with --rounds: every round loads a fresh store first",
      "  --warmup auto|SECONDS|0  warm-up before every run phase, not measured (default auto: until the JIT"
          + " and the throughput have settled; 0: none)",
      "  --warmup-max SECONDS  longest auto warm-up (default " + WarmupSetting.DEFAULT_MAX_SECONDS + ")",
      "  --warmup-load        warm up Loads too (default: a Load is measured whole)",
      "  --memory SIZE        a remote target's memory (e.g. 8g), sizes its data from the ratio",
      "  --value-size BYTES   tier-ratio's value size (default " + DEFAULT_VALUE_SIZE + ")",
      "  --value-sizes LIST   value-size's value sizes (default 128,256,1024,2048,4096)",
      "  --data SIZE          value-size's total data per value size (default 32m)",
      "  --settle SECONDS     sleep this long after each Load instead of waiting until the target is quiet",
      "  --settle-limit SECONDS  longest wait for a quiet target after a Load (default "
          + DEFAULT_SETTLE_LIMIT_SECONDS + ")",
      "  --out DIR            results directory (default results/<scenario>-<timestamp>)",
      "  --no-flush           do not FLUSHALL a remote target before each Load",
      FlashHitOptions.USAGE,
      "  --duration SECONDS   time-bound every run phase (operationcount=0, maxexecutiontime)",
      "  --only LIST          run only these phases: GROUP, PHASE or GROUP/PHASE, comma-separated (e.g. 1:4/uniform-read);"
          + " a chosen run phase keeps its group's Load",
      SearchOptions.USAGE,
      CurveOptions.USAGE,
      RampOptions.USAGE,
      ProfileOption.USAGE,
      MetricsOption.USAGE,
      "  --dry-run            check the command line and stop; nothing runs",
      "  --help               this text",
      "bin/ycsb-suite compare OLD_DIR NEW_DIR [--json FILE] [--fail-on-regression PCT]: tests every cell two results"
          + " directories share (compare --help)");

  private final Scenario scenario;
  private final List<TargetSpec> targets;
  private final int threads;
  private final int clients;
  private final OptionalLong records;
  private final OptionalLong operations;
  private final long minOperations;
  private final long minSeconds;
  private final int rounds;
  private final boolean reload;
  private final WarmupSetting warmup;
  private final OptionalLong memoryBytes;
  private final int valueSize;
  private final List<Integer> valueSizes;
  private final long dataBytes;
  private final OptionalLong settleSeconds;
  private final long settleLimitSeconds;
  private final Path out;
  private final boolean flush;
  private final SearchOptions search;
  private final MetricsOption metrics;
  private final CurveOptions curve;
  private final RampOptions ramp;
  private final FlashHitOptions flashHit;
  private final ProfileOption profile;
  private final OptionalLong duration;
  private final PhaseSelection only;
  private final List<String> commandLine;

  private SuiteOptions(Parser p) {
    this.scenario = p.scenario;
    this.targets = Collections.unmodifiableList(p.targets.isEmpty() ? DEFAULT_TARGETS : new ArrayList<>(p.targets));
    this.threads = p.threadsGiven ? p.threads : p.scenario.defaultThreads();
    this.clients = p.clients;
    this.records = p.records;
    this.operations = p.operations;
    this.minOperations = p.minOperations;
    this.minSeconds = p.minSeconds;
    this.rounds = p.rounds;
    this.reload = p.reload;
    this.warmup = WarmupSetting.of(p.warmup, p.warmupMax, p.warmupLoad);
    this.memoryBytes = p.memory;
    this.valueSize = p.valueSize;
    this.valueSizes = List.copyOf(p.valueSizes);
    this.dataBytes = p.data;
    this.settleSeconds = p.settle;
    this.settleLimitSeconds = p.settleLimit;
    this.out = p.out;
    this.flush = p.flush;
    this.search = p.search;
    this.profile = p.profile;
    this.metrics = p.metrics;
    this.curve = p.curve;
    this.ramp = p.ramp;
    this.flashHit = p.flashHit;
    this.duration = p.duration;
    this.only = p.only;
    this.commandLine = List.copyOf(p.shown);
  }

  /**
   * Parses the command line. Throws {@link UsageException} naming the option, the value and what
   * is allowed; {@code --help} gives a {@link UsageException} whose message is {@link #USAGE}.
   */
  public static SuiteOptions fromArgs(List<String> args) {
    Parser p = new Parser();
    p.parse(args);
    return new SuiteOptions(p);
  }

  public Scenario scenario() {
    return scenario;
  }

  /** The arguments as given, each {@code --target} as its description (password values masked). */
  public List<String> commandLine() {
    return commandLine;
  }

  public List<TargetSpec> targets() {
    return targets;
  }

  public int threads() {
    return threads;
  }

  /** Client processes per phase ({@code --clients}); their results are merged into one. */
  public int clients() {
    return clients;
  }

  @Override
  public OptionalLong records() {
    return records;
  }

  @Override
  public OptionalLong operations() {
    return operations;
  }

  /**
   * The floor for a run phase's operationcount when it comes from the sizing (0: none): at small
   * scale the paper's recordcount / 32 is a fraction of a second of measurement, too few operations
   * for a steady throughput and a tail percentile. {@code --operations} is taken as given.
   */
  public long minOperations() {
    return minOperations;
  }

  /**
   * {@code --min-seconds}: seconds every run phase measures at least (bin/ycsb's {@code
   * minexecutiontime}), beside its operation count; 0: the operation count alone. Time-bounded phases
   * ({@code --duration}, a scenario's own {@code maxexecutiontime}) are left as they are.
   */
  public long minSeconds() {
    return minSeconds;
  }

  /**
   * {@code --rounds}: how many times each run phase is measured on the same data (a Load runs
   * once), the targets taking turns round by round; 1 by default.
   */
  public int rounds() {
    return rounds;
  }

  /**
   * {@code --reload}: each round starts with its own Load into a fresh store (or FLUSHALL), and the
   * targets take turns round by round, so that the rounds also see what differs from one Load to
   * the next and the machine's slower changes fall on every target alike.
   */
  public boolean reload() {
    return reload;
  }

  /** A run phase's operationcount: {@code --operations}, else the sizing's, raised to the floor. */
  @Override
  public long runOperations(long fromSizing) {
    return operations.orElse(Math.max(minOperations, fromSizing));
  }

  /** The warm-up each phase asks for ({@code --warmup}, {@code --warmup-max}, {@code --warmup-load}). */
  public WarmupSetting warmup() {
    return warmup;
  }

  @Override
  public OptionalLong memoryBytes() {
    return memoryBytes;
  }

  @Override
  public int valueSize() {
    return valueSize;
  }

  @Override
  public List<Integer> valueSizes() {
    return valueSizes;
  }

  @Override
  public long dataBytes() {
    return dataBytes;
  }

  /** A fixed sleep after each Load; empty: wait until the target is quiet, up to the limit. */
  public OptionalLong settleSeconds() {
    return settleSeconds;
  }

  public long settleLimitSeconds() {
    return settleLimitSeconds;
  }

  /** The results directory; null: results/&lt;scenario&gt;-&lt;timestamp&gt; under the project root. */
  public Path out() {
    return out;
  }

  public boolean flush() {
    return flush;
  }

  /** {@code --metrics-port}: whether, and on which port, every client serves live metrics. */
  public MetricsOption metrics() {
    return metrics;
  }

  /** {@code --slo}: the bound each run phase's search must meet; null: no search. */
  public Slo slo() {
    return search.slo();
  }

  /** {@code --hit-targets}: flash-hit's RAM hit targets as fractions (0.85). */
  @Override
  public List<Double> hitTargets() {
    return flashHit.hitTargets();
  }

  /** {@code --set-get}: flash-hit's set:get ratios. */
  @Override
  public List<SetGet> setGets() {
    return flashHit.setGets();
  }

  /** {@code --only}: the phases of the scenario to run ({@link PhaseSelection#ALL} without it). */
  @Override
  public PhaseSelection only() {
    return only;
  }

  /** {@code --duration}: seconds each run phase runs (operationcount=0, maxexecutiontime); empty: by operation count. */
  @Override
  public OptionalLong duration() {
    return duration;
  }

  /** {@code --slo-precision} as a fraction (0.05 for the default 5%). */
  public double sloPrecision() {
    return search.precision();
  }

  /** {@code --connections auto} and the ramp's settings; {@link RampOptions#enabled()} false: the --threads count. */
  public RampOptions ramp() {
    return ramp;
  }

  /** {@code --curve}, {@code --curve-knee}, {@code --curve-seconds}; {@link CurveOptions#enabled()} false: no curve. */
  public CurveOptions curve() {
    return curve;
  }

  /** {@code --profile}: the rate profile of the run phases; {@link ProfileOption#enabled()} false: none. */
  public ProfileOption profile() {
    return profile;
  }

  private static final class Parser {
    Scenario scenario;
    final List<TargetSpec> targets = new ArrayList<>();
    int threads = DEFAULT_THREADS;
    boolean threadsGiven;
    int clients = 1;
    OptionalLong records = OptionalLong.empty();
    OptionalLong operations = OptionalLong.empty();
    long minOperations;
    long minSeconds;
    int rounds = 1;
    boolean reload;
    // checked together once all are read: --warmup-max and --warmup-load depend on --warmup
    String warmup;
    String warmupMax;
    boolean warmupLoad;
    OptionalLong memory = OptionalLong.empty();
    int valueSize = DEFAULT_VALUE_SIZE;
    List<Integer> valueSizes = List.of(128, 256, 1024, 2048, 4096);
    long data = 32L << 20;
    OptionalLong settle = OptionalLong.empty();
    long settleLimit = DEFAULT_SETTLE_LIMIT_SECONDS;
    Path out;
    boolean flush = true;
    final SearchOptions search = new SearchOptions();
    final MetricsOption metrics = new MetricsOption();
    final CurveOptions curve = new CurveOptions();
    final RampOptions ramp = new RampOptions();
    final FlashHitOptions flashHit = new FlashHitOptions();
    final ProfileOption profile = new ProfileOption();
    OptionalLong duration = OptionalLong.empty();
    PhaseSelection only = PhaseSelection.ALL;
    final List<String> shown = new ArrayList<>();

    void parse(List<String> args) {
      Set<String> names = new HashSet<>();
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        shown.add(arg);
        if (arg.equals("--help") || arg.equals("-h")) {
          throw new UsageException(USAGE);
        }
        if (!arg.startsWith("--")) {
          if (scenario != null) {
            throw UsageException.badValue("argument", arg, "only one scenario may be given (already "
                + scenario.id() + "); options start with --");
          }
          scenario = Scenario.fromName(arg);
          continue;
        }
        if (arg.equals("--no-flush")) {
          flush = false;
          continue;
        }
        if (arg.equals("--warmup-load")) {
          warmupLoad = true;
          continue;
        }
        if (arg.equals("--reload")) {
          reload = true;
          continue;
        }
        if (arg.equals("--curve")) {
          // the list is optional: the next word is it unless it is an option or a scenario's name
          String next = i + 1 < args.size() ? args.get(i + 1) : null;
          if (next == null || next.startsWith("--")
              || java.util.Arrays.stream(Scenario.values()).anyMatch(sc -> sc.id().equals(next))) {
            curve.enable();
          } else {
            curve.enable(args.get(++i));
            shown.add(args.get(i));
          }
          continue;
        }
        if (i + 1 >= args.size()) {
          throw new UsageException(arg + ": missing value");
        }
        String value = args.get(++i);
        shown.add(value);
        switch (arg) {
          case "--target" -> {
            TargetSpec t = TargetSpec.parse(value);
            shown.set(shown.size() - 1, t.toString());
            if (!names.add(t.name())) {
              throw UsageException.badValue("--target", value, "the name " + t.name() + " is used by another target");
            }
            if (t.properties().containsKey("warmuptime") || t.properties().containsKey("warmuptime.max")) {
              throw UsageException.badValue("--target", value,
                  "the warm-up is set by the suite; use --warmup, --warmup-max or --warmup-load instead");
            }
            targets.add(t);
          }
          case "--threads" -> {
            threads = (int) Values.positive(arg, value, 10_000);
            threadsGiven = true;
          }
          case "--clients" -> clients = ClientsOption.parse(arg, value);
          case "--records" -> records = OptionalLong.of(Values.positive(arg, value, Long.MAX_VALUE));
          case "--operations" -> operations = OptionalLong.of(Values.positive(arg, value, Long.MAX_VALUE));
          case "--min-operations" -> minOperations = Values.nonNegative(arg, value);
          case "--min-seconds" -> minSeconds = Values.positive(arg, value, 86_400);
          case "--rounds" -> rounds = (int) Values.positive(arg, value, 100);
          case "--warmup" -> warmup = value;
          case "--warmup-max" -> warmupMax = value;
          case "--memory" -> memory = OptionalLong.of(Values.bytes(arg, value));
          case "--value-size" -> valueSize = (int) Values.positive(arg, value, 512L << 20);
          case "--value-sizes" -> valueSizes = Values.positiveList(arg, value, 512 << 20);
          case "--data" -> data = Values.bytes(arg, value);
          case "--settle" -> settle = OptionalLong.of(Values.nonNegative(arg, value));
          case "--settle-limit" -> settleLimit = Values.nonNegative(arg, value);
          case "--out" -> out = Path.of(value);
          case "--duration" -> duration = OptionalLong.of(Values.positive(arg, value, 86_400));
          case "--only" -> only = PhaseSelection.parse(arg, value);
          default -> {
            if (!search.take(arg, value) && !curve.take(arg, value) && !ramp.take(arg, value)
                && !flashHit.take(arg, value) && !metrics.take(arg, value) && !profile.take(arg, value)) {
              throw UsageException.badValue("option", arg, "unknown option; see bin/ycsb-suite --help");
            }
          }
        }
      }
      if (scenario == null) {
        throw new UsageException("missing scenario: name one of " + Scenario.names());
      }
      search.finish(scenario, profile.enabled());
      curve.finish(rounds);
      ramp.finish(threadsGiven, threads);
      profile.finish(curve.enabled(), search.slo() != null, minSeconds);
      if (rounds > 1 && search.slo() != null) {
        throw UsageException.badValue("--rounds", Integer.toString(rounds), "a latency-bound search (--slo, flash-hit)"
            + " measures its own steps; use 1, or run the suite again");
      }
      if (reload && rounds < 2) {
        throw new UsageException("--reload: reloads each round of --rounds R, which is " + rounds
            + "; give --rounds 2 or more, or drop --reload");
      }
      ClientsOption.check(clients, targets);
      metrics.finish(clients);
    }
  }
}
