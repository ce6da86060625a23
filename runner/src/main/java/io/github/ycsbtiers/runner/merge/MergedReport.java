package io.github.ycsbtiers.runner.merge;

import io.github.ycsbtiers.api.PropertyReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Several clients' results added into one report with the sections and lines of one client's:
 * operations and return codes summed, latencies and percentiles from the sum of the clients'
 * histograms (never averaged), garbage-collector figures summed over the clients' JVMs, and
 * throughput = total operations / the union of the clients' measured windows. {@code RunTime(ms)}
 * is that union's length, so that Throughput = Operations / RunTime as in one client's report.
 */
public final class MergedReport {
  private final List<ClientResult> clients;
  private final Map<String, Histogram> histograms = new LinkedHashMap<>();
  private final long operations;
  private final long unionMillis;

  private MergedReport(List<ClientResult> clients) {
    this.clients = clients;
    long ops = 0;
    for (ClientResult c : clients) {
      for (Map.Entry<String, Histogram> e : c.histograms().entrySet()) {
        Histogram h = e.getValue();
        histograms.computeIfAbsent(e.getKey(), k -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
      }
    }
    java.util.Set<String> bindingSections = new java.util.HashSet<>();
    for (ClientResult c : clients) {
      bindingSections.addAll(c.bindingSections());
    }
    for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
      // every operation once: a failed one is timed in its -FAILED section only, Intended- twins are no more
      // operations, the bindings' INIT and CLEANUP are not the workload's, nor the sections bindings
      // time themselves (the tiered store's READ-DRAM and READ-PERSISTENT, parts of READ)
      if (ClientResult.isWorkloadSection(e.getKey()) && !bindingSections.contains(e.getKey())) {
        ops += e.getValue().getTotalCount();
      }
    }
    this.operations = ops;
    this.unionMillis = TimeWindows.unionMillis(clients.stream().map(c -> new long[] {c.startMillis(), c.endMillis()})
        .toList());
  }

  /**
   * Reads and checks the clients' directories: every directory complete, the same workload
   * everywhere, each {@code client.index} once. All of {@code client.count} must be present.
   *
   * @throws MergeException naming the file or the property that differs
   */
  public static MergedReport of(List<java.nio.file.Path> dirs) {
    if (dirs.isEmpty()) {
      throw new MergeException("no client directory given: bin/ycsb merge DIR...");
    }
    List<ClientResult> clients = new ArrayList<>();
    for (java.nio.file.Path d : dirs) {
      clients.add(ClientResult.read(d));
    }
    checkSameWorkload(clients);
    return new MergedReport(clients);
  }

  private static void checkSameWorkload(List<ClientResult> clients) {
    ClientResult first = clients.get(0);
    // a profile's operations are dealt by slot: index x threads + thread, so every client has as many
    List<String> keys = new ArrayList<>(ClientResultLayout.IDENTITY);
    if (!first.client().getProperty("target.profile", "").isEmpty()) {
      keys.add("threadcount");
    }
    for (ClientResult c : clients.subList(1, clients.size())) {
      for (String key : keys) {
        String a = first.client().getProperty(key, "");
        String b = c.client().getProperty(key, "");
        if (!a.equals(b)) {
          throw new MergeException("clients ran different workloads: " + key + "=" + a + " in " + first.dir() + " but "
              + key + "=" + b + " in " + c.dir() + "; merge only the clients of one run");
        }
      }
    }
    int count = new PropertyReader(first.client()).intValue("client.count", 1, 1, Integer.MAX_VALUE);
    Map<Integer, ClientResult> byIndex = new TreeMap<>();
    for (ClientResult c : clients) {
      ClientResult twin = byIndex.put(c.index(), c);
      if (twin != null) {
        throw new MergeException("client.index=" + c.index() + " appears twice: " + twin.dir() + " and " + c.dir());
      }
    }
    if (byIndex.size() != count) {
      List<Integer> missing = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        if (!byIndex.containsKey(i)) {
          missing.add(i);
        }
      }
      throw new MergeException("client.count=" + count + " but " + clients.size() + " client directories given; "
          + "missing client.index " + missing);
    }
  }

  public int clientCount() {
    return clients.size();
  }

  public long operations() {
    return operations;
  }

  /** The union of the clients' measured windows, in milliseconds. */
  public long unionMillis() {
    return unionMillis;
  }

  /** The merged histogram of a section, e.g. INSERT; null when no client has it. */
  public Histogram histogram(String section) {
    return histograms.get(section);
  }

  /** Writes the report in YCSB's order: [OVERALL], collector totals, [WARMUP], one section per operation. */
  public void write(MeasurementsExporter exporter) throws IOException {
    long runtime = Math.max(1, unionMillis);
    exporter.write("OVERALL", "RunTime(ms)", runtime);
    exporter.write("OVERALL", "Throughput(ops/sec)", 1000.0 * operations / runtime);
    exporter.write("OVERALL", "Throughput(ok ops/sec)", 1000.0 * okOperations() / runtime);
    writeGc(exporter, runtime);
    writeWarmup(exporter);
    List<Double> percentiles = Percentiles.parse(clients.get(0).client().getProperty("hdrhistogram.percentiles", ""));
    for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
      String section = e.getKey();
      Histogram h = e.getValue();
      exporter.write(section, "Operations", h.getTotalCount());
      exporter.write(section, "AverageLatency(us)", h.getMean());
      exporter.write(section, "MinLatency(us)", h.getMinValue());
      exporter.write(section, "MaxLatency(us)", h.getMaxValue());
      for (double p : percentiles) {
        exporter.write(section, Percentiles.ordinal(p) + "PercentileLatency(us)", h.getValueAtPercentile(p));
      }
      for (Map.Entry<String, Long> code : summed(section, m -> m.startsWith("Return=")).entrySet()) {
        exporter.write(section, code.getKey(), code.getValue());
      }
    }
  }

  /**
   * The operations that returned OK, counted as one client's report counts them: all operations
   * less every other summed return code, VERIFY's (checks, not operations) left out.
   */
  private long okOperations() {
    long failed = 0;
    for (String section : histograms.keySet()) {
      if ("VERIFY".equals(section)) {
        continue;
      }
      for (Map.Entry<String, Long> code : summed(section, m -> m.startsWith("Return=")).entrySet()) {
        String name = code.getKey().substring("Return=".length());
        if (!"OK".equals(name) && !"BATCHED_OK".equals(name)) {
          failed += code.getValue();
        }
      }
    }
    return Math.max(0, operations - failed);
  }

  private void writeGc(MeasurementsExporter exporter, long runtime) throws IOException {
    Set<String> collectors = new LinkedHashSet<>();
    for (ClientResult c : clients) {
      for (String s : c.report().sections().keySet()) {
        if (s.startsWith("TOTAL_GCS_")) {
          collectors.add(s.substring("TOTAL_GCS_".length()));
        }
      }
    }
    for (String gc : collectors) {
      long time = sumLong("TOTAL_GC_TIME_" + gc, "Time(ms)");
      exporter.write("TOTAL_GCS_" + gc, "Count", sumLong("TOTAL_GCS_" + gc, "Count"));
      exporter.write("TOTAL_GC_TIME_" + gc, "Time(ms)", time);
      exporter.write("TOTAL_GC_TIME_%_" + gc, "Time(%)", (double) time / runtime * 100.0);
    }
    long total = sumLong("TOTAL_GC_TIME", "Time(ms)");
    exporter.write("TOTAL_GCs", "Count", sumLong("TOTAL_GCs", "Count"));
    exporter.write("TOTAL_GC_TIME", "Time(ms)", total);
    exporter.write("TOTAL_GC_TIME_%", "Time(%)", (double) total / runtime * 100.0);
  }

  /** Warm-ups ran side by side: the longest run time, the summed operations and rates. */
  private void writeWarmup(MeasurementsExporter exporter) throws IOException {
    if (clients.stream().noneMatch(c -> c.report().sections().containsKey("WARMUP"))) {
      return;
    }
    long longest = 0;
    for (ClientResult c : clients) {
      longest = Math.max(longest, parseLong(c.report().section("WARMUP").getOrDefault("RunTime(ms)", "0")));
    }
    exporter.write("WARMUP", "RunTime(ms)", longest);
    exporter.write("WARMUP", "Operations", sumLong("WARMUP", "Operations"));
    exporter.write("WARMUP", "Throughput(ops/sec)", sumDouble("WARMUP", "Throughput(ops/sec)"));
    for (Map.Entry<String, Long> e : summed("WARMUP", m -> m.contains("Return=")).entrySet()) {
      exporter.write("WARMUP", e.getKey(), e.getValue());
    }
  }

  private Map<String, Long> summed(String section, java.util.function.Predicate<String> metric) {
    Map<String, Long> sums = new LinkedHashMap<>();
    for (ClientResult c : clients) {
      c.report().section(section).forEach((m, v) -> {
        if (metric.test(m)) {
          sums.merge(m, parseLong(v), Long::sum);
        }
      });
    }
    return sums;
  }

  private long sumLong(String section, String metric) {
    long sum = 0;
    for (ClientResult c : clients) {
      sum += parseLong(c.report().section(section).getOrDefault(metric, "0"));
    }
    return sum;
  }

  private double sumDouble(String section, String metric) {
    double sum = 0;
    for (ClientResult c : clients) {
      sum += Double.parseDouble(c.report().section(section).getOrDefault(metric, "0"));
    }
    return sum;
  }

  private static long parseLong(String v) {
    try {
      return Long.parseLong(Objects.requireNonNull(v));
    } catch (NumberFormatException e) {
      return (long) Double.parseDouble(v);
    }
  }

  /** The properties of the first client, for callers that describe the merged run. */
  public Properties firstClient() {
    return clients.get(0).client();
  }
}
