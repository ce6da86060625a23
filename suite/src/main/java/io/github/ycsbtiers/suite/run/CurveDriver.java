package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.cli.CurveOptions;
import io.github.ycsbtiers.suite.cli.WarmupSetting;
import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.curve.CurveStep;
import io.github.ycsbtiers.suite.curve.Knee;
import io.github.ycsbtiers.suite.curve.Latencies;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.search.Bisection;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import io.github.ycsbtiers.suite.search.SearchStep;
import io.github.ycsbtiers.suite.search.Slo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Runs the capacity curve of one run phase against one target: the closed-loop saturation run
 * (the phase unthrottled, warmed up as every run phase), then an open-loop step ({@code -target})
 * at each fraction of its throughput, every step with {@code measurement.interval=both} and kept in
 * the results as a phase of its own ({@code <phase> @unthrottled}, {@code <phase> @RATE/s}). With a
 * bound ({@code --slo}) the steps are judged as the search judges its steps, and the search's
 * bisection ({@link SearchDriver}) goes on between the highest step meeting the bound and the next
 * one up.
 *
 * <p>Each step is a JVM of its own, and a JVM cannot inherit another's compiled code, so the phase's
 * full warm-up ({@code --warmup}) runs once, before the saturation run; every later step gets a
 * short one of {@link #STEP_WARMUP_SECONDS} at its own rate (less when {@code --warmup} is shorter,
 * none with {@code --warmup 0}), enough for the schedule to start in a client that has compiled its
 * operation loop, not the phase's whole warm-up again.
 */
final class CurveDriver {
  /** The warm-up of each step after the saturation run, in seconds. */
  static final long STEP_WARMUP_SECONDS = 3;
  private final SuiteRunner runner;
  private final CurveOptions options;
  private final WarmupSetting warmup;
  private final Slo slo;
  private final double precision;

  CurveDriver(SuiteRunner runner, CurveOptions options, WarmupSetting warmup, Slo slo, double precision) {
    this.runner = runner;
    this.options = options;
    this.warmup = warmup;
    this.slo = slo;
    this.precision = precision;
  }

  /** The curve; null when the suite was stopped meanwhile. */
  Curve run(TargetRuntime target, PhaseSpec spec, int index, int count, Progress progress, Settler settler)
      throws IOException, InterruptedException {
    String name = target.spec().name();
    long started = System.nanoTime();
    List<CurveStep> steps = new ArrayList<>();
    List<Double> fractions = options.fractions();
    PhaseSpec first = SearchDriver.step(spec, 0, 0);
    PhaseResult sat = runner.runPhase(target, first, prefix(index, 0, first), index, count, progress, settler);
    if (sat == null) {
      return null;
    }
    steps.add(step(0, 0, sat));
    List<Double> bound = new ArrayList<>();
    bound.add(boundLatency(sat));
    long seconds = options.stepSeconds().orElse(Math.max(SearchDriver.MIN_STEP_SECONDS, (sat.runtimeMs() + 999) / 1000));
    for (int i = 0; i < fractions.size() && sat.throughput() > 0; i++) {
      long rate = Math.max(1, Math.round(fractions.get(i) * sat.throughput()));
      PhaseSpec step = withStepWarmup(SearchDriver.step(spec, rate, seconds));
      PhaseResult r = runner.runPhase(target, step, prefix(index, i + 1, step), index, count, progress, settler);
      if (r == null) {
        return null;
      }
      CurveStep s = step(fractions.get(i), rate, r);
      steps.add(s);
      bound.add(boundLatency(r));
      runner.log().printf(Locale.ROOT, "  %s: curve step %s: -target %,d -> %,.0f ops/s, intended p99 %,.0f us%n", name,
          s.label(), rate, s.achieved(), s.intended().p99());
    }
    long wall = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    SearchOutcome search = slo == null || sat.throughput() <= 0 ? null
        : bisect(target, spec, index, count, progress, settler, steps, bound, seconds);
    if (slo != null && sat.throughput() > 0 && search == null) {
      return null;
    }
    Curve curve = new Curve(name, spec.group(), spec.phase(), options.kneeFactor(), steps, search, wall);
    runner.log().println("  " + name + ": " + spec.group() + " " + spec.phase() + ": curve: "
        + Knee.describe(steps, options.kneeFactor()) + " (" + curve.cost() + ")");
    return curve;
  }

  /** The search after the curve: its steps judged against the bound, then bisection above the highest that met. */
  private SearchOutcome bisect(TargetRuntime target, PhaseSpec spec, int index, int count, Progress progress,
      Settler settler, List<CurveStep> steps, List<Double> bound, long seconds)
      throws IOException, InterruptedException {
    List<SearchStep> judged = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      CurveStep s = steps.get(i);
      judged.add(Bisection.judge(slo, judged.size() + 1, Math.round(s.offered()), s.achieved(), bound.get(i),
          s.measured().p99(), null, null, s.report()));
    }
    double[] bracket = bracket(judged);
    Bisection b = Bisection.after(slo, precision, judged, bracket[0], bracket[1]);
    SearchDriver driver = new SearchDriver(runner, slo, precision, stepWarmup());
    return driver.search(b, seconds, target, spec, index, count, progress, settler);
  }

  /**
   * The bisection's bounds from judged steps (the ceiling first): the highest open-loop rate that met
   * (0: none) and the lowest open-loop rate above it (the ceiling's throughput when none is).
   */
  static double[] bracket(List<SearchStep> judged) {
    double low = 0;
    for (SearchStep s : judged) {
      if (!s.ceiling() && s.met()) {
        low = Math.max(low, s.targetRate());
      }
    }
    double high = judged.get(0).throughput();
    for (SearchStep s : judged) {
      if (!s.ceiling() && s.targetRate() > low && s.targetRate() < high) {
        high = s.targetRate();
      }
    }
    return new double[] {low, Math.max(low, high)};
  }

  /** The bound's percentile of a step's latency, as the search takes it; -1 without a bound. */
  private double boundLatency(PhaseResult r) {
    return slo == null ? -1
        : SearchDriver.percentile(runner.resultsDir(), r.files(), slo.kind() == Slo.Kind.INTENDED, slo.percentile());
  }

  private CurveStep step(double fraction, long rate, PhaseResult r) throws IOException {
    Path dir = runner.resultsDir();
    Latencies intended = latencies(SearchDriver.histogram(dir, r.files(), true));
    Latencies measured = latencies(SearchDriver.histogram(dir, r.files(), false));
    String report = r.files().stream().filter(f -> f.endsWith(".txt")).findFirst().orElse("");
    YcsbOutput out = report.isEmpty() ? YcsbOutput.parse("")
        : YcsbOutput.parse(Files.readString(dir.resolve(report), StandardCharsets.UTF_8));
    if (rate == 0 && !intended.known()) {
      intended = measured;
    }
    return new CurveStep(fraction, rate, r.throughput(), intended, measured,
        rate == 0 ? null : out.number("SCHEDULE", "99thPercentileSendLateness(us)"),
        out.number("CLIENT", "CoresUsed"), out.number("CLIENT", "CpuPerOperation(us)"), report);
  }

  static Latencies latencies(Histogram h) {
    if (h == null) {
      return Latencies.NONE;
    }
    return new Latencies(h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
        h.getValueAtPercentile(99.99));
  }

  /** The step with its short warm-up, unless the run phases do not warm up. */
  private PhaseSpec withStepWarmup(PhaseSpec step) {
    Map<String, String> props = new LinkedHashMap<>(step.properties());
    props.putAll(stepWarmup());
    return new PhaseSpec(step.group(), step.phase(), false, step.workload(), step.recordCount(), step.operationCount(),
        props);
  }

  /** {@code warmuptime} of a step after the saturation run: none when the phases do not warm up. */
  Map<String, String> stepWarmup() {
    if (!warmup.appliesTo(false)) {
      return Map.of();
    }
    long s = warmup.auto() ? STEP_WARMUP_SECONDS : Math.min(STEP_WARMUP_SECONDS, warmup.seconds());
    return Map.of("warmuptime", Long.toString(s));
  }

  /** The notes' line on how the curves were measured and what they cost. */
  static String note(io.github.ycsbtiers.suite.cli.SuiteOptions o) {
    CurveOptions c = o.curve();
    String steps = String.join(", ", c.fractions().stream().map(f -> new CurveStep(f, 1, 0, Latencies.NONE,
        Latencies.NONE, null, null, null, "").label()).toList());
    String seconds = c.stepSeconds().isPresent() ? c.stepSeconds().getAsLong() + " s at its rate"
        : "the saturation run's time at its rate (at least " + SearchDriver.MIN_STEP_SECONDS + " s)";
    String warm = o.warmup().appliesTo(false) ? "the phase's warm-up (" + o.warmup().describe()
        + ") before the saturation run only, then a " + (o.warmup().auto() ? STEP_WARMUP_SECONDS
            : Math.min(STEP_WARMUP_SECONDS, o.warmup().seconds())) + " s warm-up per step (each step is a JVM of its own)"
        : "no warm-up (--warmup 0)";
    return String.format(Locale.ROOT, "run phases measured as capacity curves (--curve): a closed-loop saturation"
        + " run, then %d open-loop steps at %s of its throughput, each measuring %s; %s; knee: the first step whose"
        + " intended p99 exceeds %s x the lowest step's%s; %d processes per run phase", c.fractions().size(), steps,
        seconds, warm, c.kneeFactor() == Math.rint(c.kneeFactor()) ? Long.toString((long) c.kneeFactor())
            : Double.toString(c.kneeFactor()),
        o.slo() == null ? "" : String.format(Locale.ROOT, "; with %s: the steps judged against it, then bisection"
            + " to %.1f%% between the highest step meeting it and the next step up", o.slo().describe(),
            100 * o.sloPrecision()),
        1 + c.fractions().size());
  }

  private static String prefix(int index, int step, PhaseSpec spec) {
    return String.format(Locale.ROOT, "%02d-c%02d-%s", index, step, spec.fileLabel());
  }
}
