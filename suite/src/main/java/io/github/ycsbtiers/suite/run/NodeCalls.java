package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.PhaseResult;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Cluster target's per-node figures of one phase: {@code node.<host:port>.calls} (SET + GET calls)
 * and {@code node.<host:port>.qps} (those calls over the run time they cover), their sum
 * {@code nodes.calls}, and {@code nodes.window}, the window they cover. From the report's
 * {@code [SERVER]} section when it has per-master lines ({@code measured}: the measured phase, warm-up
 * excluded); otherwise from each master's INFO commandstats before and after the phase's process
 * ({@code process}: warm-up included, QPS over the measured plus warm-up run time).
 */
final class NodeCalls {
  static final String PREFIX = "node.";
  static final String WINDOW = "nodes.window";
  private static final String[] COMMANDS = {"SET", "GET"};

  private NodeCalls() {
  }

  /**
   * From {@code [SERVER]}: per master, {@code <host:port>-Calls-SET} and {@code -Calls-GET}; for a
   * Cluster of one master (the section then names no master) {@code Calls-SET} and {@code Calls-GET},
   * given to the one master the suite knows. False when neither applies.
   */
  static boolean addFromServer(Map<String, String> server, java.util.Set<String> masters, PhaseResult result,
      Map<String, String> details) {
    Map<String, Long> calls = new TreeMap<>();
    for (String k : server.keySet()) {
      if (k.endsWith("-Calls")) {
        String node = k.substring(0, k.length() - "-Calls".length());
        calls.put(node, setGet(server, node + "-"));
      }
    }
    if (calls.isEmpty() && masters.size() == 1 && "1".equals(server.get("Nodes"))) {
      calls.put(masters.iterator().next(), setGet(server, ""));
    }
    if (calls.isEmpty()) {
      return false;
    }
    put(calls, result.runtimeMs() / 1000.0, "measured", details);
    return true;
  }

  private static long setGet(Map<String, String> server, String prefix) {
    long sum = 0;
    for (String c : COMMANDS) {
      String v = server.get(prefix + "Calls-" + c);
      sum += v == null ? 0 : Long.parseLong(v);
    }
    return sum;
  }

  /** From INFO snapshots taken around the phase's process. */
  static void addDetails(Map<String, Long> before, Map<String, Long> after, PhaseResult result,
      Map<String, String> details) {
    double seconds = (result.runtimeMs() + (result.warmup() == null ? 0 : result.warmup().runtimeMs())) / 1000.0;
    Map<String, Long> calls = new TreeMap<>();
    after.forEach((node, n) -> calls.put(node, n - before.getOrDefault(node, 0L)));
    put(calls, seconds, "process", details);
  }

  private static void put(Map<String, Long> calls, double seconds, String window, Map<String, String> details) {
    long total = 0;
    for (Map.Entry<String, Long> e : calls.entrySet()) {
      total += e.getValue();
      details.put(PREFIX + e.getKey() + ".calls", Long.toString(e.getValue()));
      details.put(PREFIX + e.getKey() + ".qps",
          String.format(Locale.ROOT, "%.1f", seconds > 0 ? e.getValue() / seconds : 0));
    }
    details.put("nodes.calls", Long.toString(total));
    details.put(WINDOW, window);
  }
}
