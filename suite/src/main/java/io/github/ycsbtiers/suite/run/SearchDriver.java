package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.HdrLogs;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import io.github.ycsbtiers.suite.search.Bisection;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import io.github.ycsbtiers.suite.search.SearchStep;
import io.github.ycsbtiers.suite.search.Slo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Runs the latency-bound search of one run phase: each step is the phase itself (warmed up as every
 * run phase is) with {@code -p target=RATE} (none for the ceiling run) and
 * {@code measurement.interval=both}, kept in the results as a phase of its own named
 * {@code <phase> @unthrottled} or {@code <phase> @RATE/s}. A step's latency is the bound's
 * percentile over every operation type of the phase, from its HdrHistogram logs added together.
 */
final class SearchDriver {
  static final long MIN_STEP_SECONDS = 5;
  private static final Set<String> OPERATIONS = Set.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE");
  private final SuiteRunner runner;
  private final Slo slo;
  private final double precision;
  private final Map<String, String> stepProperties;

  SearchDriver(SuiteRunner runner, Slo slo, double precision) {
    this(runner, slo, precision, Map.of());
  }

  /** With {@code stepProperties} added to every step (a curve's short warm-up). */
  SearchDriver(SuiteRunner runner, Slo slo, double precision, Map<String, String> stepProperties) {
    this.runner = runner;
    this.slo = slo;
    this.precision = precision;
    this.stepProperties = Map.copyOf(stepProperties);
  }

  /** The outcome; null when the suite was stopped meanwhile. */
  SearchOutcome search(TargetRuntime target, PhaseSpec spec, int index, int count, Progress progress,
      Settler settler) throws IOException, InterruptedException {
    return search(new Bisection(slo, precision), 0, target, spec, index, count, progress, settler);
  }

  /**
   * Runs {@code bisection} to its end: from its start, or on from steps run elsewhere
   * ({@link Bisection#after}), each throttled step measuring at most {@code stepSeconds} (0: the
   * ceiling run's time, at least {@link #MIN_STEP_SECONDS}). The outcome; null when the suite was
   * stopped meanwhile.
   */
  SearchOutcome search(Bisection bisection, long stepSeconds, TargetRuntime target, PhaseSpec spec, int index,
      int count, Progress progress, Settler settler) throws IOException, InterruptedException {
    while (!bisection.done()) {
      long rate = bisection.nextRate();
      PhaseSpec step = step(spec, rate, stepSeconds);
      if (rate > 0 && !stepProperties.isEmpty()) {
        Map<String, String> props = new LinkedHashMap<>(step.properties());
        props.putAll(stepProperties);
        step = new PhaseSpec(step.group(), step.phase(), false, step.workload(), step.recordCount(),
            step.operationCount(), props);
      }
      String prefix = String.format(Locale.ROOT, "%02d-s%02d-%s", index, bisection.steps().size() + 1,
          step.fileLabel());
      PhaseResult r = runner.runPhase(target, step, prefix, index, count, progress, settler);
      if (r == null) {
        return null;
      }
      if (rate == 0) {
        stepSeconds = Math.max(MIN_STEP_SECONDS, (r.runtimeMs() + 999) / 1000);
      }
      Path dir = runner.resultsDir();
      double latency = percentile(dir, r.files(), slo.kind() == Slo.Kind.INTENDED, slo.percentile());
      double opP99 = percentile(dir, r.files(), false, 99);
      String report = r.files().stream().filter(f -> f.endsWith(".txt")).findFirst().orElse("");
      SearchStep s = bisection.record(r.throughput(), latency, opP99, r.hitRatio(), r.hitSource(), report);
      runner.log().printf("  %s: search step %d: %s -> %s%n", target.spec().name(), s.number(),
          rate == 0 ? "unthrottled" : String.format(Locale.ROOT, "-target %,d", rate),
          (s.met() ? "met: " : "not met: ") + s.why());
    }
    return bisection.outcome(target.spec().name(), spec.group(), spec.phase());
  }

  /**
   * The phase of one step. A throttled step of a phase bounded by its operation count measures for
   * {@code seconds} (the unthrottled run's time, at least {@link #MIN_STEP_SECONDS}) at its rate:
   * its operation count is raised to {@code rate x seconds} when the phase's is smaller (at a high
   * rate the phase's count alone could be over in a fraction of a second, one collector pause then
   * deciding the step) and {@code seconds} bounds it (at a low rate the count could take hours).
   */
  static PhaseSpec step(PhaseSpec spec, long rate, long seconds) {
    Map<String, String> props = new LinkedHashMap<>(spec.properties());
    props.put("measurement.interval", "both");
    long operations = spec.operationCount();
    if (rate > 0) {
      props.put("target", Long.toString(rate));
      if (!props.containsKey("maxexecutiontime") && seconds > 0) {
        props.put("maxexecutiontime", Long.toString(seconds));
        if (operations > 0) {
          operations = Math.max(operations, rate > Long.MAX_VALUE / seconds ? Long.MAX_VALUE : rate * seconds);
        }
      }
    }
    String name = spec.phase() + (rate == 0 ? " @unthrottled" : " @" + rate + "/s");
    return new PhaseSpec(spec.group(), name, false, spec.workload(), spec.recordCount(), operations, props);
  }

  /**
   * The percentile over the phase's operation types (READ, UPDATE, INSERT, SCAN, DELETE; failed
   * operations and READ-MODIFY-WRITE, whose parts are counted on their own, left out), from the
   * intended or the plain HdrHistogram logs; -1 when there are none.
   */
  static double percentile(Path dir, List<String> files, boolean intended, double percentile) {
    Histogram h = histogram(dir, files, intended);
    return h == null ? -1 : h.getValueAtPercentile(percentile);
  }

  /**
   * The phase's operation types' HdrHistogram logs added together, as {@link #percentile} reads
   * them; null when there are none or they hold no operation.
   */
  static Histogram histogram(Path dir, List<String> files, boolean intended) {
    List<Path> logs = new ArrayList<>();
    for (String f : files) {
      if (!f.endsWith(".hdr")) {
        continue;
      }
      String base = Path.of(f).getFileName().toString();
      base = base.substring(0, base.length() - ".hdr".length());
      for (String op : OPERATIONS) {
        String suffix = (intended ? "-Intended-" : "-") + op;
        boolean plainButIntended = !intended && base.endsWith("-Intended-" + op);
        if (base.endsWith(suffix) && !plainButIntended && HdrLogs.readable(dir.resolve(f))) {
          logs.add(dir.resolve(f));
        }
      }
    }
    if (logs.isEmpty()) {
      return null;
    }
    Histogram h = HdrLogs.merge(logs);
    return h.getTotalCount() == 0 ? null : h;
  }
}
