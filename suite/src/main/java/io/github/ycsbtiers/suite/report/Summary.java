package io.github.ycsbtiers.suite.report;

import java.util.List;

/**
 * Everything a run reports, the one model that summary.md, .csv, .json, index.html and the summary
 * on stdout render: the scenario, its targets in command-line order, the finished phases in the order
 * they ran, whether the run completed, and the sections after the tables.
 *
 * @param groupLabel what the scenario's groups vary ({@code memory:data}, {@code value size})
 * @param layout how the per-target tables are laid out
 * @param targets target name to its description (binding and properties, passwords masked)
 * @param status {@code complete}, {@code interrupted} or {@code failed}
 * @param notes lines to show under the tables (settling, sizing, why the run stopped)
 * @param sections what the run measured besides the phases' tables (per-node QPS, connection ramps,
 *     capacity curves, latency-bound searches, timelines, failed outputs), in the order shown
 */
public record Summary(String scenario, String description, String groupLabel, TableLayout layout,
    String startedAt, List<Target> targets, String status, List<PhaseResult> results, List<String> notes,
    List<Section> sections) {

  public Summary {
    targets = List.copyOf(targets);
    results = List.copyOf(results);
    notes = List.copyOf(notes);
    sections = List.copyOf(sections);
  }

  /** The phases' tables alone: no sections yet (they follow the charts). */
  public Summary(String scenario, String description, String groupLabel, TableLayout layout, String startedAt,
      List<Target> targets, String status, List<PhaseResult> results, List<String> notes) {
    this(scenario, description, groupLabel, layout, startedAt, targets, status, results, notes, List.of());
  }

  /** This summary with {@code more} sections after its own. */
  public Summary withSections(List<Section> more) {
    List<Section> all = new java.util.ArrayList<>(sections);
    all.addAll(more);
    return new Summary(scenario, description, groupLabel, layout, startedAt, targets, status, results, notes, all);
  }

  /** A target's name and description. */
  public record Target(String name, String description) {
  }

  /** The results of one target, in run order. */
  public List<PhaseResult> resultsOf(String target) {
    return results.stream().filter(r -> r.target().equals(target)).toList();
  }
}
