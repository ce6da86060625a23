package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.PhaseResult;
import java.util.Locale;
import java.util.Map;

/**
 * A Cluster target's per-node figures of one phase, from each master's INFO commandstats before and
 * after the phase's process: {@code node.<host:port>.calls} (SET + GET calls over the phase, warm-up
 * included, as every INFO delta) and {@code node.<host:port>.qps} (those calls over the phase's
 * measured plus warm-up run time).
 */
final class NodeCalls {
  static final String PREFIX = "node.";

  private NodeCalls() {
  }

  static void addDetails(Map<String, Long> before, Map<String, Long> after, PhaseResult result,
      Map<String, String> details) {
    double seconds = (result.runtimeMs() + (result.warmup() == null ? 0 : result.warmup().runtimeMs())) / 1000.0;
    long total = 0;
    for (Map.Entry<String, Long> e : after.entrySet()) {
      long calls = e.getValue() - before.getOrDefault(e.getKey(), 0L);
      total += calls;
      details.put(PREFIX + e.getKey() + ".calls", Long.toString(calls));
      details.put(PREFIX + e.getKey() + ".qps", String.format(Locale.ROOT, "%.1f", seconds > 0 ? calls / seconds : 0));
    }
    details.put("nodes.calls", Long.toString(total));
  }
}
