package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The per-keyspace table of template workloads: p99 and p99.99 per keyspace (rta-mix: the
 * GeminiDB paper's three keyspaces in one run, its headline figures) and over all operations
 * (every template workload, bitmap-commands' tests among them):
 *
 * <pre>
 * | target | group | phase | keyspace | operations | p99 (us) | p99.99 (us) |
 * </pre>
 *
 * <p>one row per target, phase and keyspace (and {@code all} for the template's [TOTAL]), from the
 * phase's details {@code KEYSPACE-<name>.operations}, {@code .p99_us} and {@code .p99.99_us};
 * with {@code --rounds}, each cell the min–max over the rounds.
 */
final class KeyspaceTable {
  static final String HEADING = "## Per-keyspace latency";
  private static final String PREFIX = "KEYSPACE-";
  private static final String TOTAL = "TOTAL";

  private KeyspaceTable() {
  }

  /** The section, or empty when no phase ran a template workload. */
  static String markdown(Summary s) {
    Table t = table(s);
    if (t == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(HEADING).append("\n\n");
    t.markdown(b);
    return b.toString();
  }

  /** The table, or null when no phase ran a template workload. */
  static Table table(Summary s) {
    List<Table.Row> rows = new ArrayList<>();
    for (Summary.Target t : s.targets()) {
      for (List<PhaseResult> rounds : Rounds.byCell(s.resultsOf(t.name())).values()) {
        TreeSet<String> keyspaces = new TreeSet<>();
        for (PhaseResult r : rounds) {
          for (String k : r.details().keySet()) {
            if (k.startsWith(PREFIX) && k.endsWith(".p99_us")) {
              keyspaces.add(k.substring(0, k.length() - ".p99_us".length()));
            }
          }
        }
        boolean total = rounds.stream().anyMatch(r -> r.details().containsKey(TOTAL + ".p99_us"));
        List<String> sections = new ArrayList<>(keyspaces);
        if (total) {
          sections.add(TOTAL);
        }
        PhaseResult first = rounds.get(0);
        for (String section : sections) {
          rows.add(new Table.Row(List.of(t.name(), first.group(), first.phase(),
              section.equals(TOTAL) ? "all" : section.substring(PREFIX.length()),
              Rounds.range(rounds, r -> number(r.details(), section + ".operations"), Numbers::whole),
              Rounds.range(rounds, r -> number(r.details(), section + ".p99_us"), Numbers::whole),
              Rounds.range(rounds, r -> number(r.details(), section + ".p99.99_us"), Numbers::whole)), rounds));
        }
      }
    }
    return rows.isEmpty() ? null : new Table(List.of("target", "group", "phase", "keyspace", "operations", "p99 (us)",
        "p99.99 (us)"), 4, rows);
  }

  private static Double number(Map<String, String> details, String key) {
    String v = details.get(key);
    try {
      return v == null ? null : Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
