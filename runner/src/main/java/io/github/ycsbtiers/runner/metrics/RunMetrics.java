package io.github.ycsbtiers.runner.metrics;

import io.github.ycsbtiers.api.LiveFigures;
import io.github.ycsbtiers.runner.shape.ProcessCpu;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The series a scrape sees, built at the scrape from the current phase's {@link LiveTotals} and
 * the bindings' {@link LiveFigures}:
 * <ul>
 *   <li>{@code ycsb_operations_total{operation,outcome,warmup}}: operations by report section and
 *       return code ({@code OK}, {@code NOT_FOUND}, {@code ERROR}...); over {@code warmup="false"}
 *       they add up to the report's {@code [OVERALL] Operations}</li>
 *   <li>{@code ycsb_operation_latency_seconds{operation,warmup}}: each report section's latency
 *       (its count is the section's {@code Operations}); {@code ycsb_operation_intended_latency_seconds}
 *       from each operation's intended start under {@code -target}</li>
 *   <li>{@code ycsb_operations_in_flight}, {@code ycsb_client_cpu_seconds_total}</li>
 *   <li>per binding source {@code ycsb_<source>_<figure>_total} and {@code ycsb_<source>_<figure>}</li>
 * </ul>
 * Every series carries the phase's labels ({@link PhaseLabels}).
 */
final class RunMetrics implements MultiCollector {
  static final String OPERATIONS = "ycsb_operations";
  static final String LATENCY = "ycsb_operation_latency_seconds";
  static final String INTENDED = "ycsb_operation_intended_latency_seconds";
  static final String IN_FLIGHT = "ycsb_operations_in_flight";
  static final String CPU = "ycsb_client_cpu_seconds";

  private record Phase(PhaseLabels labels, LiveTotals totals) {
  }

  private volatile Phase phase;

  /** From now on, scrapes see this phase (a new phase's counters start from 0). */
  void show(PhaseLabels labels, LiveTotals totals) {
    this.phase = new Phase(labels, totals);
  }

  /** Whether a phase has been shown. */
  boolean showing() {
    return phase != null;
  }

  @Override
  public MetricSnapshots collect() {
    Phase p = phase;
    if (p == null) {
      return new MetricSnapshots();
    }
    Labels base = p.labels().labels();
    CounterSnapshot.Builder operations = CounterSnapshot.builder().name(OPERATIONS)
        .help("Operations completed, by report section and return code");
    HistogramSnapshot.Builder latency = HistogramSnapshot.builder().name(LATENCY).unit(Unit.SECONDS)
        .help("Latency of each report section, from the operation's actual start");
    HistogramSnapshot.Builder intended = HistogramSnapshot.builder().name(INTENDED).unit(Unit.SECONDS)
        .help("Latency from each operation's intended start on the -target schedule");
    boolean[] any = new boolean[3];
    p.totals().forEach((key, s) -> {
      Labels l = base.add("operation", key.section()).add("warmup", Boolean.toString(key.warmup()));
      latency.dataPoint(LatencyBuckets.dataPoint(s.latency, l));
      any[0] = true;
      if (s.intended != null) {
        intended.dataPoint(LatencyBuckets.dataPoint(s.intended, l));
        any[1] = true;
      }
      s.returns.forEach((code, n) -> operations.dataPoint(
          CounterDataPointSnapshot.builder().value(n).labels(l.add("outcome", code)).build()));
      any[2] |= !s.returns.isEmpty();
    });
    List<MetricSnapshot> out = new ArrayList<>();
    if (any[2]) {
      out.add(operations.build());
    }
    if (any[0]) {
      out.add(latency.build());
    }
    if (any[1]) {
      out.add(intended.build());
    }
    out.add(gauge(IN_FLIGHT, "Operations sent and not yet completed", base, p.totals().inFlightNow()));
    long cpu = ProcessCpu.nanos();
    if (cpu >= 0) {
      out.add(CounterSnapshot.builder().name(CPU).unit(Unit.SECONDS).help("CPU time of the client process")
          .dataPoint(CounterDataPointSnapshot.builder().value(cpu / 1e9).labels(base).build()).build());
    }
    for (LiveFigures.Source source : LiveFigures.registered()) {
      figures(source, base, out);
    }
    return new MetricSnapshots(out);
  }

  /** The snapshots of one binding source, with the run's {@code base} labels. */
  static void figures(LiveFigures.Source source, Labels base, List<MetricSnapshot> out) {
    String prefix = "ycsb_" + source.name() + "_";
    for (Map.Entry<String, Number> e : source.counters().entrySet()) {
      out.add(CounterSnapshot.builder().name(prefix + snake(e.getKey())).help(source.name() + " " + e.getKey())
          .dataPoint(CounterDataPointSnapshot.builder().value(e.getValue().doubleValue()).labels(base).build())
          .build());
    }
    for (Map.Entry<String, Number> e : source.gauges().entrySet()) {
      out.add(gauge(prefix + snake(e.getKey()), source.name() + " " + e.getKey(), base, e.getValue().doubleValue()));
    }
    Map<String, CounterSnapshot.Builder> parts = new java.util.LinkedHashMap<>();
    for (LiveFigures.Series s : source.partCounters()) {
      Labels labels = base;
      for (Map.Entry<String, String> l : new java.util.TreeMap<>(s.labels()).entrySet()) {
        labels = labels.add(l.getKey(), l.getValue());
      }
      parts.computeIfAbsent(s.name(), n -> CounterSnapshot.builder().name(prefix + snake(n)).help(source.name() + " " + n))
          .dataPoint(CounterDataPointSnapshot.builder().value(s.value().doubleValue()).labels(labels).build());
    }
    parts.values().forEach(b -> out.add(b.build()));
  }

  private static GaugeSnapshot gauge(String name, String help, Labels labels, double value) {
    return GaugeSnapshot.builder().name(name).help(help)
        .dataPoint(GaugeDataPointSnapshot.builder().value(value).labels(labels).build()).build();
  }

  /** {@code DeviceReadBytes} as {@code device_read_bytes}. */
  static String snake(String camel) {
    StringBuilder b = new StringBuilder(camel.length() + 8);
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0 && (Character.isLowerCase(camel.charAt(i - 1)) || Character.isDigit(camel.charAt(i - 1)))) {
          b.append('_');
        }
        b.append(Character.toLowerCase(c));
      } else {
        b.append(Character.isLetterOrDigit(c) ? c : '_');
      }
    }
    return b.toString();
  }
}
