package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.api.ramp.RampRule;
import io.github.ycsbtiers.suite.cli.RampOptions;
import io.github.ycsbtiers.suite.cli.WarmupSetting;
import io.github.ycsbtiers.suite.ramp.Ramp;
import io.github.ycsbtiers.suite.ramp.RampOutcome;
import io.github.ycsbtiers.suite.ramp.RampStep;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.search.Slo;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the connection ramp of one run phase against one target: the phase closed-loop (no
 * {@code -target}) with 1, 2, 4, ... logical clients ({@code -threads}; on {@code redis} one
 * connection each, on {@code tiered} one client of the store each), each step measuring
 * {@code --ramp-seconds}, until {@link Ramp}'s rule stops it. Each step is a phase of its own in the
 * results ({@code <phase> @N clients}). The first step warms up as every run phase does; the later
 * ones get {@link CurveDriver#STEP_WARMUP_SECONDS}, as a curve's steps do. The phase is then measured
 * with the chosen count ({@link #withClients}).
 */
final class RampDriver {
  /** The phase property carrying a run phase's own client count; {@link PhaseProcess} gives it as -threads. */
  static final String CLIENTS = "threadcount";
  private final SuiteRunner runner;
  private final RampOptions options;
  private final WarmupSetting warmup;
  private final Slo slo;

  RampDriver(SuiteRunner runner, RampOptions options, WarmupSetting warmup, Slo slo) {
    this.runner = runner;
    this.options = options;
    this.warmup = warmup;
    this.slo = slo;
  }

  /** The ramp's outcome; null when the suite was stopped meanwhile. */
  RampOutcome run(TargetRuntime target, PhaseSpec spec, int index, int count, Progress progress, Settler settler)
      throws IOException, InterruptedException {
    Ramp ramp = new Ramp(options.growth(), options.maxClients(), slo);
    String name = target.spec().name();
    while (!ramp.done()) {
      int clients = ramp.nextClients();
      PhaseSpec step = step(spec, clients, options.stepSeconds(), ramp.steps().isEmpty() ? Map.of() : stepWarmup());
      String prefix = String.format(Locale.ROOT, "%02d-r%02d-%s", index, ramp.steps().size() + 1, step.fileLabel());
      PhaseResult r = runner.runPhase(target, step, prefix, index, count, progress, settler);
      if (r == null) {
        return null;
      }
      double p99 = SearchDriver.percentile(runner.resultsDir(), r.files(), false, 99);
      double bound = slo == null ? -1 : SearchDriver.percentile(runner.resultsDir(), r.files(),
          slo.kind() == Slo.Kind.INTENDED, slo.percentile());
      String report = r.files().stream().filter(f -> f.endsWith(".txt")).findFirst().orElse("");
      RampStep s = ramp.record(r.throughput(), p99, bound, report);
      runner.log().printf(Locale.ROOT, "  %s: ramp step %d clients -> %,.0f ops/s%s%n", name, clients, s.throughput(),
          Double.isFinite(s.growth()) ? String.format(Locale.ROOT, " (%+.1f%%)", 100 * s.growth()) : "");
    }
    RampOutcome outcome = ramp.outcome(name, spec.group(), spec.phase());
    runner.log().println("  " + name + ": " + spec.group() + " " + spec.phase() + ": ramp chose " + outcome.verdict());
    return outcome;
  }

  /** A ramp step: the phase closed-loop with {@code clients}, time-bounded, with both latencies recorded. */
  static PhaseSpec step(PhaseSpec spec, int clients, long seconds, Map<String, String> warmupProps) {
    Map<String, String> props = new LinkedHashMap<>(spec.properties());
    props.put("measurement.interval", "both");
    props.put("maxexecutiontime", Long.toString(seconds));
    props.put(CLIENTS, Integer.toString(clients));
    props.putAll(warmupProps);
    return new PhaseSpec(spec.group(), spec.phase() + " @" + clients + " clients", false, spec.workload(),
        spec.recordCount(), 0, props);
  }

  /** The phase to measure with the ramp's count. */
  static PhaseSpec withClients(PhaseSpec spec, int clients) {
    Map<String, String> props = new LinkedHashMap<>(spec.properties());
    props.put(CLIENTS, Integer.toString(clients));
    return new PhaseSpec(spec.group(), spec.phase(), false, spec.workload(), spec.recordCount(), spec.operationCount(),
        props);
  }

  private Map<String, String> stepWarmup() {
    if (!warmup.appliesTo(false)) {
      return Map.of();
    }
    long s = warmup.auto() ? CurveDriver.STEP_WARMUP_SECONDS : Math.min(CurveDriver.STEP_WARMUP_SECONDS, warmup.seconds());
    return Map.of("warmuptime", Long.toString(s));
  }

  /** The notes' line on the ramps. */
  static String note(io.github.ycsbtiers.suite.cli.SuiteOptions o) {
    RampOptions r = o.ramp();
    return String.format(Locale.ROOT, "client count of every run phase found by a ramp (--connections auto):"
        + " closed-loop steps of 1, 2, 4, ... up to %d logical clients, %d s each (the first warmed up as every run"
        + " phase, the later with %d s), stopping after two steps in a row each grew throughput by less than %s%%%s;"
        + " the phase was then measured with the count of the best step (see Connection ramps)", r.maxClients(),
        r.stepSeconds(), CurveDriver.STEP_WARMUP_SECONDS, RampRule.pct(r.growth()),
        o.slo() == null ? "" : " or when " + o.slo().describe() + " broke");
  }
}
