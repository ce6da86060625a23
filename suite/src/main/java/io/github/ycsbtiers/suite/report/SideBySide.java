package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The side-by-side table: one row per group and phase, one column per target. */
final class SideBySide {
  private SideBySide() {
  }

  static Table table(Summary s, RoundFigures figures) {
    List<String> names = s.targets().stream().map(Summary.Target::name).toList();
    String first = names.get(0);
    List<String> header = new ArrayList<>(List.of(s.groupLabel(), "phase"));
    for (String n : names) {
      header.add(n + " QPS");
    }
    for (String n : names.subList(1, names.size())) {
      header.add(first + "/" + n);
    }
    for (String n : names) {
      header.add(n + " p99 (us)");
    }
    for (String n : names) {
      header.add(n + " hit");
    }
    List<Table.Row> rows = new ArrayList<>();
    for (Map<String, List<PhaseResult>> byTarget : roundsByCell(s).values()) {
      PhaseResult any = byTarget.values().iterator().next().get(0);
      List<String> line = new ArrayList<>(List.of(any.group(), any.phase()));
      for (String n : names) {
        RoundFigures.Cell cell = figures.cell(n, any.group(), any.phase());
        line.add(Rounds.figure(byTarget.getOrDefault(n, List.of()), cell == null ? null : cell.throughput(),
            PhaseResult::throughput, Numbers::whole));
      }
      for (String n : names.subList(1, names.size())) {
        line.add(Rounds.ratio(figures.ratio(n, any.group(), any.phase())));
      }
      for (String n : names) {
        RoundFigures.Cell cell = figures.cell(n, any.group(), any.phase());
        line.add(Rounds.figure(byTarget.getOrDefault(n, List.of()), cell == null ? null : cell.p99Us(),
            PhaseResult::p99Us, Numbers::whole));
      }
      for (String n : names) {
        line.add(Rounds.range(byTarget.getOrDefault(n, List.of()), PhaseResult::hitRatio, Numbers::hundredths));
      }
      rows.add(new Table.Row(line, byTarget.values().stream().flatMap(List::stream).toList()));
    }
    return new Table(header, 2, rows);
  }

  /** (group, phase) in first-run order, to each target's results, one per round. */
  static Map<String, Map<String, List<PhaseResult>>> roundsByCell(Summary s) {
    Map<String, Map<String, List<PhaseResult>>> cells = new LinkedHashMap<>();
    for (PhaseResult r : s.results()) {
      cells.computeIfAbsent(r.group() + "\u0000" + r.phase(), k -> new LinkedHashMap<>())
          .computeIfAbsent(r.target(), t -> new ArrayList<>()).add(r);
    }
    return cells;
  }

  /** (group, phase) in first-run order, to each target's result (its last round's, with several). */
  static Map<String, Map<String, PhaseResult>> cells(Summary s) {
    Map<String, Map<String, PhaseResult>> cells = new LinkedHashMap<>();
    for (PhaseResult r : s.results()) {
      cells.computeIfAbsent(r.group() + "\u0000" + r.phase(), k -> new LinkedHashMap<>()).put(r.target(), r);
    }
    return cells;
  }
}
