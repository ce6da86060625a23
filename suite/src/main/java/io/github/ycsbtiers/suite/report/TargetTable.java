package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A target's table, laid out as {@link Summary#layout()} says; {@link MarkdownFormat} documents
 * its columns and how a cell reads.
 */
final class TargetTable {
  private static final String DRAM_P99 = PhaseResult.TIER_P99_PREFIX + "READ-DRAM";
  private static final String PERSISTENT_P99 = PhaseResult.TIER_P99_PREFIX + "READ-PERSISTENT";

  private TargetTable() {
  }

  static Table of(Summary s, String target, RoundFigures figures) {
    List<PhaseResult> rows = s.resultsOf(target);
    return s.layout() == TableLayout.GROUP_ROWS ? groupRows(s.groupLabel(), rows, figures)
        : phaseRows(s.groupLabel(), rows, figures);
  }

  private static Table phaseRows(String groupLabel, List<PhaseResult> rows, RoundFigures figures) {
    boolean byTier = rows.stream().anyMatch(r -> r.details().containsKey(DRAM_P99));
    List<String> header = new ArrayList<>(List.of(groupLabel, "phase", "QPS", "avg (us)", "p99 (us)", "read avg (us)",
        "read p99 (us)", "update avg (us)", "update p99 (us)", "hit ratio"));
    if (byTier) {
      header.addAll(List.of("DRAM read p99 (us)", "persistent read p99 (us)"));
    }
    List<Table.Row> lines = new ArrayList<>();
    for (List<PhaseResult> rounds : Rounds.byCell(rows).values()) {
      PhaseResult r = rounds.get(0);
      RoundFigures.Cell cell = figures.cell(r.target(), r.group(), r.phase());
      List<String> line = new ArrayList<>(List.of(r.group(), r.phase(),
          Rounds.figure(rounds, cell.throughput(), PhaseResult::throughput, Numbers::whole),
          Rounds.range(rounds, PhaseResult::avgUs, Numbers::tenths),
          Rounds.figure(rounds, cell.p99Us(), PhaseResult::p99Us, Numbers::whole),
          Rounds.range(rounds, PhaseResult::readAvgUs, Numbers::tenths),
          Rounds.range(rounds, PhaseResult::readP99Us, Numbers::whole),
          Rounds.range(rounds, PhaseResult::updateAvgUs, Numbers::tenths),
          Rounds.range(rounds, PhaseResult::updateP99Us, Numbers::whole),
          Rounds.range(rounds, PhaseResult::hitRatio, Numbers::hundredths)));
      if (byTier) {
        line.add(Rounds.range(rounds, x -> tierP99(x, DRAM_P99), Numbers::whole));
        line.add(Rounds.range(rounds, x -> tierP99(x, PERSISTENT_P99), Numbers::whole));
      }
      lines.add(new Table.Row(line, rounds));
    }
    return new Table(header, 2, lines);
  }

  private static Double tierP99(PhaseResult r, String key) {
    String v = r.details().get(key);
    return v == null ? null : Double.parseDouble(v);
  }

  private static Table groupRows(String groupLabel, List<PhaseResult> rows, RoundFigures figures) {
    Set<String> phases = new LinkedHashSet<>();
    Map<String, Map<String, List<PhaseResult>>> byGroup = new LinkedHashMap<>();
    for (PhaseResult r : rows) {
      phases.add(r.phase());
      byGroup.computeIfAbsent(r.group(), g -> new LinkedHashMap<>())
          .computeIfAbsent(r.phase(), p -> new ArrayList<>()).add(r);
    }
    List<String> header = new ArrayList<>(List.of(groupLabel));
    for (String p : phases) {
      header.add(p + " QPS");
      header.add(p + " p99 (us)");
      if (!p.equals("load")) {
        header.add(p + " hit");
      }
    }
    List<Table.Row> lines = new ArrayList<>();
    byGroup.forEach((group, cells) -> {
      List<String> line = new ArrayList<>(List.of(group));
      List<PhaseResult> shown = new ArrayList<>();
      for (String p : phases) {
        List<PhaseResult> r = cells.getOrDefault(p, List.of());
        shown.addAll(r);
        RoundFigures.Cell cell = r.isEmpty() ? null : figures.cell(r.get(0).target(), group, p);
        line.add(Rounds.figure(r, cell == null ? null : cell.throughput(), PhaseResult::throughput, Numbers::whole));
        line.add(Rounds.figure(r, cell == null ? null : cell.p99Us(), PhaseResult::p99Us, Numbers::whole));
        if (!p.equals("load")) {
          line.add(Rounds.range(r, PhaseResult::hitRatio, Numbers::hundredths));
        }
      }
      lines.add(new Table.Row(line, shown));
    });
    return new Table(header, 1, lines);
  }
}
