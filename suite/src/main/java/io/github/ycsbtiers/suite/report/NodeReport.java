package io.github.ycsbtiers.suite.report;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The per-node table of Cluster targets, a section of summary.md:
 * {@code ## Per-node QPS (INFO commandstats)} with {@code | target | phase | node | SET+GET calls |
 * QPS | share of calls | of a fair share |}, from the {@code node.<host:port>.calls} and
 * {@code .qps} details of each phase, and a line saying which window they cover ({@code
 * nodes.window}: the measured phase, from the report's [SERVER] section, or the whole process, warm-up
 * included). A fair share is the phase's calls over the number of nodes.
 */
public final class NodeReport {
  private NodeReport() {
  }

  /** The section; null when no phase has per-node figures. */
  public static Section section(Summary s) {
    SectionTable table = new SectionTable("lllrrrr", "target", "phase", "node", "SET+GET calls", "QPS",
        "share of calls", "of a fair share");
    for (PhaseResult r : s.results()) {
      Map<String, long[]> nodes = new TreeMap<>();
      Map<String, String> qps = new TreeMap<>();
      for (Map.Entry<String, String> e : r.details().entrySet()) {
        String k = e.getKey();
        if (k.startsWith("node.") && k.endsWith(".calls")) {
          nodes.put(k.substring(5, k.length() - 6), new long[] {Long.parseLong(e.getValue())});
        } else if (k.startsWith("node.") && k.endsWith(".qps")) {
          qps.put(k.substring(5, k.length() - 4), e.getValue());
        }
      }
      long total = nodes.values().stream().mapToLong(v -> v[0]).sum();
      for (Map.Entry<String, long[]> n : nodes.entrySet()) {
        long calls = n.getValue()[0];
        double share = total == 0 ? 0 : (double) calls / total;
        table.row(r.target(), r.group() + " " + r.phase(), n.getKey(), String.format(Locale.ROOT, "%,d", calls),
            qps.getOrDefault(n.getKey(), "-"), String.format(Locale.ROOT, "%.3f", share),
            String.format(Locale.ROOT, "%.2f", share * nodes.size()));
      }
    }
    if (table.rows().isEmpty()) {
      return null;
    }
    boolean process = s.results().stream().anyMatch(p -> "process".equals(p.details().get("nodes.window")));
    return Section.titled("Per-node QPS (INFO commandstats)").paragraph(process
        ? "SET + GET calls of each master between INFO taken before and after the phase's process (warm-up"
            + " included); QPS divides them by the measured plus warm-up run time."
        : "SET + GET calls of each master over the measured phase (the report's [SERVER] section: INFO at"
            + " its start and end, warm-up excluded); QPS divides them by the measured run time.")
        .table(table).build();
  }
}
