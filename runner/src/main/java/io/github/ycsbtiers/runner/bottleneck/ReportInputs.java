package io.github.ycsbtiers.runner.bottleneck;

import io.github.ycsbtiers.api.ResourceFigures;
import java.util.Map;
import java.util.Set;

/**
 * A phase's {@link BottleneckInputs} from its report's lines ({@code [SECTION], Metric, value},
 * parsed into section to metric to value): {@code [CLIENT]} {@code CoresAvailable},
 * {@code CoresUsed} and {@code LogicalClients}; {@code [SCHEDULE]} {@code AverageSendLateness(us)}
 * beside the operations' mean latency; and the server's, store's and device's figures
 * ({@code api.ResourceFigures}) from whichever section has them (the redis binding's
 * {@code [SERVER]}, the tiered store's {@code [TIER]}).
 */
public final class ReportInputs {
  /** Which latencies the operations' sections hold ({@code measurement.interval}). */
  public enum Latencies {
    /** {@code op}: measured latencies only; intended = send lateness + measured, operation by operation. */
    MEASURED,
    /** {@code intended}: the plain sections hold intended latencies. */
    INTENDED,
    /** {@code both}: intended latencies in {@code Intended-NAME} sections. */
    BOTH
  }

  private static final String INTENDED_PREFIX = "Intended-";
  /** Sections with operation lines that are no operations of the workload: the bindings' cleanup is timed too. */
  private static final Set<String> NOT_OPERATIONS = Set.of("OVERALL", "WARMUP", "VERIFY", "CLEANUP");

  private ReportInputs() {
  }

  /**
   * @param bindingSections latency sections a binding timed itself (such as {@code READ-DRAM}):
   *     parts of operations, left out of the operations' mean
   */
  public static BottleneckInputs of(Map<String, Map<String, String>> sections, Set<String> bindingSections,
                                    Latencies latencies) {
    Map<String, String> client = sections.getOrDefault("CLIENT", Map.of());
    BottleneckInputs.Builder b = BottleneckInputs.builder().client((int) number(client, "CoresAvailable", 0),
        number(client, "CoresUsed", Double.NaN), (int) number(client, "LogicalClients", 0));
    double late = number(sections.getOrDefault("SCHEDULE", Map.of()), "AverageSendLateness(us)", Double.NaN);
    if (!Double.isNaN(late)) {
      double intended;
      if (latencies == Latencies.BOTH) {
        intended = meanLatency(sections, bindingSections, true);
      } else {
        double mean = meanLatency(sections, bindingSections, false);
        intended = latencies == Latencies.INTENDED ? mean : late + mean;
      }
      b.schedule(late, intended);
    }
    b.store(first(sections, ResourceFigures.STORE_CPU_CORES));
    b.serverThread(first(sections, ResourceFigures.SERVER_THREAD_CORES), label(sections, ResourceFigures.SERVER_THREAD));
    b.device(label(sections, ResourceFigures.DEVICE), first(sections, ResourceFigures.DEVICE_UTILISATION),
        first(sections, ResourceFigures.DEVICE_QUEUE));
    return b.build();
  }

  /**
   * The operation-weighted mean latency of the operations' sections (those with {@code Operations}
   * and {@code AverageLatency(us)}; binding sections, VERIFY's checks and the bindings' CLEANUP left out), of the
   * {@code Intended-} ones or of the others; NaN when there are none.
   */
  static double meanLatency(Map<String, Map<String, String>> sections, Set<String> bindingSections,
                            boolean intended) {
    double operations = 0;
    double sum = 0;
    for (Map.Entry<String, Map<String, String>> e : sections.entrySet()) {
      String name = e.getKey();
      if (name.startsWith(INTENDED_PREFIX) != intended) {
        continue;
      }
      String op = intended ? name.substring(INTENDED_PREFIX.length()) : name;
      if (NOT_OPERATIONS.contains(op) || bindingSections.contains(op)) {
        continue;
      }
      double n = number(e.getValue(), "Operations", Double.NaN);
      double mean = number(e.getValue(), "AverageLatency(us)", Double.NaN);
      if (n > 0 && !Double.isNaN(mean)) {
        operations += n;
        sum += n * mean;
      }
    }
    return operations > 0 ? sum / operations : Double.NaN;
  }

  private static double first(Map<String, Map<String, String>> sections, String metric) {
    for (Map<String, String> s : sections.values()) {
      double v = number(s, metric, Double.NaN);
      if (!Double.isNaN(v)) {
        return v;
      }
    }
    return Double.NaN;
  }

  private static String label(Map<String, Map<String, String>> sections, String metric) {
    for (Map<String, String> s : sections.values()) {
      String v = s.get(metric);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  private static double number(Map<String, String> section, String metric, double otherwise) {
    String v = section.get(metric);
    if (v == null) {
      return otherwise;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }
}
