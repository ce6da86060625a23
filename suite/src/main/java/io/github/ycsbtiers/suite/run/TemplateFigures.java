package io.github.ycsbtiers.suite.run;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures of a template workload's report that the tables do not have columns for: p99 and
 * p99.99 of each keyspace ({@code [KEYSPACE-name]}) and of all operations ({@code [TOTAL]}), and
 * commands per second of batches ({@code [COMMANDS]}). They go into a phase's details (JSON, CSV);
 * the keyspaces' are rows of summary.md's per-keyspace table ({@code report.KeyspaceTable}), the
 * batches' rate a line of its notes ({@link #note}).
 */
final class TemplateFigures {
  private static final String P99 = "99thPercentileLatency(us)";
  private static final String P9999 = "99.99PercentileLatency(us)";

  private TemplateFigures() {
  }

  /** Detail name to value; empty for a phase of another workload. */
  static Map<String, String> of(YcsbOutput out) {
    Map<String, String> figures = new LinkedHashMap<>();
    for (String section : out.sectionNames()) {
      if ((section.startsWith("KEYSPACE-") || section.equals(PhaseResults.TEMPLATES_TOTAL)) && !section.endsWith("-FAILED")) {
        put(figures, section + ".operations", out.text(section, "Operations"));
        put(figures, section + ".p99_us", out.text(section, P99));
        put(figures, section + ".p99.99_us", out.text(section, P9999));
      }
    }
    if (out.has("COMMANDS")) {
      put(figures, "COMMANDS.commands", out.text("COMMANDS", "Commands"));
      put(figures, "COMMANDS.commands_per_sec", out.text("COMMANDS", "Throughput(commands/sec)"));
    }
    return figures;
  }

  /** One line for the summary's notes (the batches' command rate), or null when the phase has none. */
  static String note(String target, String group, String phase, YcsbOutput out) {
    Double rate = out.number("COMMANDS", "Throughput(commands/sec)");
    if (rate == null) {
      return null;
    }
    return target + " " + group + " " + phase + ": " + String.format("%,.0f commands/s (each operation a batch)", rate);
  }

  private static void put(Map<String, String> figures, String name, String value) {
    if (value != null) {
      figures.put(name, value);
    }
  }
}
