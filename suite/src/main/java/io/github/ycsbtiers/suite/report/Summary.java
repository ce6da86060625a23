package io.github.ycsbtiers.suite.report;

import java.util.List;

/**
 * Everything a report shows: the scenario, its targets in command-line order, the finished phases
 * in the order they ran, and whether the run completed.
 *
 * @param groupLabel what the scenario's groups vary ({@code memory:data}, {@code value size})
 * @param layout how the per-target tables are laid out
 * @param targets target name to its description (binding and properties, passwords masked)
 * @param status {@code complete}, {@code interrupted} or {@code failed}
 * @param notes lines to show under the tables (settling, sizing, why the run stopped)
 */
public record Summary(String scenario, String description, String groupLabel, TableLayout layout,
    String startedAt, List<Target> targets, String status, List<PhaseResult> results, List<String> notes) {

  public Summary {
    targets = List.copyOf(targets);
    results = List.copyOf(results);
    notes = List.copyOf(notes);
  }

  /** A target's name and description. */
  public record Target(String name, String description) {
  }

  /** The results of one target, in run order. */
  public List<PhaseResult> resultsOf(String target) {
    return results.stream().filter(r -> r.target().equals(target)).toList();
  }
}
