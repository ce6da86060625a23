package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ramp.RampRule;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.ramp.RampOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import io.github.ycsbtiers.runner.metrics.MetricsEndpoint;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * {@code -threads auto}: runs the phase closed-loop with 1, 2, 4, ... logical clients in this JVM,
 * each step for {@code threads.auto.seconds}, until {@link RampRule} (the rule the suite's
 * {@code --connections auto} shares) stops, then runs the phase itself with the chosen count. The steps' reports are not printed (stderr gets one line per step and
 * the ramp's table); the phase's report adds a {@code [RAMP]} section. The first step warms up as the
 * phase asks ({@code warmuptime}); the later ones do not, the JVM being warm by then, and the phase
 * itself warms up again as asked, since every step opens its bindings anew.
 */
final class ThreadRamp {
  private final MetricsEndpoint metrics;
  private static final Set<String> OPERATIONS = Set.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE",
      "READ-MODIFY-WRITE");
  private final Properties props;
  private final PrintStream out;
  private final PrintStream err;

  /** @param metrics the endpoint every step is shown on, or null */
  ThreadRamp(Properties props, PrintStream out, PrintStream err, MetricsEndpoint metrics) {
    this.metrics = metrics;
    this.props = props;
    this.out = out;
    this.err = err;
  }

  int run() {
    RampOptions options;
    try {
      options = RampOptions.fromProperties(props);
    } catch (PropertyException e) {
      err.println("error: " + e.getMessage());
      return Main.EXIT_USAGE;
    }
    if (Boolean.parseBoolean(props.getProperty(RunOptions.DRY_RUN, "false").trim())) {
      // the settings are checked as one client's run would check them; nothing runs
      Properties once = copy(props);
      once.setProperty(RunOptions.THREAD_COUNT, "1");
      err.println("-threads auto: a dry run checks the settings with 1 client; the ramp would start there");
      return new PhaseRunner(once, out, err).run();
    }
    RampRule rule = new RampRule(options.growth(), options.maxClients(), options.bound());
    err.printf(Locale.ROOT, "-threads auto: closed-loop steps of 1, 2, 4, ... up to %d clients, %d s each, until"
        + " two steps in a row each grow throughput by less than %s%%%s; then the best step's count%n",
        options.maxClients(), options.seconds(), RampRule.pct(options.growth()), options.boundPercentile() == null ? ""
            : String.format(Locale.ROOT, " or a step's p%s reaches %.0f us", options.boundPercentile(), options.boundUs()));
    while (!rule.done()) {
      int clients = rule.nextClients();
      ByteArrayOutputStream report = new ByteArrayOutputStream();
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      int status = new PhaseRunner(stepProperties(options, clients, rule.steps().isEmpty()),
          new PrintStream(report, true, StandardCharsets.UTF_8), new PrintStream(log, true, StandardCharsets.UTF_8))
          .showTo(metrics).run();
      if (status != Main.EXIT_OK) {
        err.print(log.toString(StandardCharsets.UTF_8));
        err.println("error: -threads auto: the step with " + clients + " clients failed (exit status " + status + ")");
        return status;
      }
      String text = report.toString(StandardCharsets.UTF_8);
      double throughput = metric(text, "OVERALL", "Throughput(ops/sec)");
      double bound = options.boundPercentile() == null ? -1 : worst(text, options.boundPercentile());
      boolean met = options.boundPercentile() == null || bound >= 0 && bound < options.boundUs();
      RampRule.Step s = rule.record(throughput, bound, met);
      err.printf(Locale.ROOT, "-threads auto: %d clients: %,.0f ops/s%s%s%n", clients, throughput,
          Double.isFinite(s.growth()) ? String.format(Locale.ROOT, " (%+.1f%%)", 100 * s.growth()) : "",
          bound >= 0 ? String.format(Locale.ROOT, ", p%s %.0f us", options.boundPercentile(), bound) : "");
    }
    err.println("-threads auto: " + rule.chosen() + " clients (" + rule.stop() + "; kept: " + rule.choice() + ")");
    err.println(table(rule));
    Properties phase = copy(props);
    phase.setProperty(RunOptions.THREAD_COUNT, Integer.toString(rule.chosen()));
    return new PhaseRunner(phase, out, err, List.of(section(rule))).showTo(metrics).run();
  }

  /** A step's properties: closed-loop, time-bounded, no files, text report; warm-up only on the first. */
  private Properties stepProperties(RampOptions options, int clients, boolean first) {
    Properties p = copy(props);
    p.setProperty(RunOptions.THREAD_COUNT, Integer.toString(clients));
    p.setProperty(RunOptions.OPERATION_COUNT, "0");
    p.setProperty(RunOptions.MAX_EXECUTION_TIME, Long.toString(options.seconds()));
    p.setProperty(RunOptions.STATUS, "false");
    p.setProperty("exporter", "site.ycsb.measurements.exporter.TextMeasurementsExporter");
    p.setProperty("hdrhistogram.fileoutput", "false");
    for (String name : List.of(RunOptions.EXPORT_FILE, RunOptions.MIN_EXECUTION_TIME, "timeline.file",
        "hdrhistogram.output.path")) {
      p.remove(name);
    }
    if (!first) {
      p.setProperty("warmuptime", "0");
    }
    return p;
  }

  /** The ramp's table for stderr. */
  static String table(RampRule rule) {
    StringBuilder t = new StringBuilder("| clients | throughput (ops/s) | growth | bound's latency (us) | met | chosen |\n"
        + "|---:|---:|---:|---:|---|---|\n");
    for (RampRule.Step s : rule.steps()) {
      t.append(String.format(Locale.ROOT, "| %d | %,.0f | %s | %s | %s | %s |%n", s.clients(), s.throughput(),
          Double.isFinite(s.growth()) ? String.format(Locale.ROOT, "%+.1f%%", 100 * s.growth()) : "-",
          s.boundLatencyUs() < 0 ? "-" : String.format(Locale.ROOT, "%,.0f", s.boundLatencyUs()), s.met() ? "yes" : "no",
          s.clients() == rule.chosen() ? "chosen" : ""));
    }
    return t.toString();
  }

  /** {@code [RAMP]}: the chosen count, why, and every step's throughput. */
  static ResultSection section(RampRule rule) {
    ResultSection.Builder b = ResultSection.builder("RAMP").add("ChosenClients", rule.chosen())
        .add("Steps", rule.steps().size()).add("Stop", rule.stop()).add("Choice", rule.choice());
    for (RampRule.Step s : rule.steps()) {
      b.add("Throughput(ops/sec)@" + s.clients(), s.throughput());
    }
    return b.build();
  }

  /** A {@code [SECTION], metric, value} of a text report; NaN when absent. */
  static double metric(String report, String section, String name) {
    String prefix = "[" + section + "], " + name + ", ";
    for (String line : report.split("\r?\n")) {
      if (line.startsWith(prefix)) {
        try {
          return Double.parseDouble(line.substring(prefix.length()).trim());
        } catch (NumberFormatException e) {
          return Double.NaN;
        }
      }
    }
    return Double.NaN;
  }

  /** The highest {@code pNN} over the report's operation sections; -1 when none reports it. */
  static double worst(String report, String percentile) {
    String name = (percentile.contains(".") ? percentile : percentile + "th") + "PercentileLatency(us)";
    double worst = -1;
    for (String op : OPERATIONS) {
      double v = metric(report, op, name);
      if (Double.isFinite(v)) {
        worst = Math.max(worst, v);
      }
    }
    return worst;
  }

  private static Properties copy(Properties from) {
    Properties p = new Properties();
    p.putAll(from);
    return p;
  }
}
