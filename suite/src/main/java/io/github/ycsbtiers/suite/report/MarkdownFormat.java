package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * summary.md: a title line, the run's status and targets, one table per target, a side-by-side
 * table, and notes. Throughput (QPS, operations per second) and p99 are whole numbers, averages
 * have one decimal, ratios two; {@code -} marks a figure the phase does not have. Per target, with
 * {@link TableLayout#PHASE_ROWS}:
 *
 * <pre>
 * | memory:data | phase | QPS | avg (us) | p99 (us) | read avg (us) | read p99 (us) | update avg (us) | update p99 (us) | hit ratio |
 * </pre>
 *
 * <p>and, for a target whose reports time reads by tier (the embedded store's [READ-DRAM] and
 * [READ-PERSISTENT]), two more columns: {@code DRAM read p99 (us)} and {@code persistent read p99 (us)}.
 *
 * <p>with {@link TableLayout#GROUP_ROWS}, one row per group and, for each phase in run order,
 * {@code <phase> QPS}, {@code <phase> p99 (us)}, and for run phases {@code <phase> hit}. The
 * side-by-side table has one row per group and phase:
 *
 * <pre>
 * | memory:data | phase | A QPS | B QPS | A/B | A p99 (us) | B p99 (us) | A hit | B hit |
 * </pre>
 *
 * <p>with one {@code A/X} column for each target X after the first. With {@code --rounds}, cells
 * read as {@link Rounds} says: QPS and p99 as {@code mean (low–high)} from three rounds on,
 * other figures as {@code min–max}, ratios as {@code 8.20x (6.90–9.70)}. The golden sample is
 * {@code src/test/resources/golden/summary.md}.
 */
final class MarkdownFormat implements ResultFormat {
  private static final String DRAM_P99 = PhaseResult.TIER_P99_PREFIX + "READ-DRAM";
  private static final String PERSISTENT_P99 = PhaseResult.TIER_P99_PREFIX + "READ-PERSISTENT";

  @Override
  public String render(Summary s) {
    StringBuilder b = new StringBuilder();
    b.append("# ").append(s.scenario()).append('\n').append('\n');
    b.append(s.description()).append('\n').append('\n');
    b.append("Started ").append(s.startedAt()).append("; status: ").append(s.status()).append(".\n\n");
    for (Summary.Target t : s.targets()) {
      b.append("- `").append(t.name()).append("`: ").append(t.description()).append('\n');
    }
    RoundFigures figures = RoundFigures.of(s);
    for (Summary.Target t : s.targets()) {
      b.append("\n## ").append(t.name()).append("\n\n");
      List<PhaseResult> rows = s.resultsOf(t.name());
      if (s.layout() == TableLayout.GROUP_ROWS) {
        groupRows(b, s.groupLabel(), rows, figures);
      } else {
        phaseRows(b, s.groupLabel(), rows, figures);
      }
    }
    String keyspaces = KeyspaceTable.markdown(s);
    if (!keyspaces.isEmpty()) {
      b.append('\n').append(keyspaces);
    }
    if (s.targets().size() > 1) {
      b.append("\n## Side by side\n\n");
      SideBySide.render(b, s, figures);
    }
    if (!s.notes().isEmpty()) {
      b.append("\n## Notes\n\n");
      for (String note : s.notes()) {
        b.append("- ").append(note).append('\n');
      }
    }
    return b.toString();
  }

  private static void phaseRows(StringBuilder b, String groupLabel, List<PhaseResult> rows, RoundFigures figures) {
    boolean byTier = rows.stream().anyMatch(r -> r.details().containsKey(DRAM_P99));
    List<String> header = new ArrayList<>(List.of(groupLabel, "phase", "QPS", "avg (us)", "p99 (us)", "read avg (us)",
        "read p99 (us)", "update avg (us)", "update p99 (us)", "hit ratio"));
    if (byTier) {
      header.addAll(List.of("DRAM read p99 (us)", "persistent read p99 (us)"));
    }
    row(b, header);
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:").append(byTier ? "|---:|---:" : "").append("|\n");
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
      row(b, line);
    }
  }

  private static Double tierP99(PhaseResult r, String key) {
    String v = r.details().get(key);
    return v == null ? null : Double.parseDouble(v);
  }

  private static void groupRows(StringBuilder b, String groupLabel, List<PhaseResult> rows, RoundFigures figures) {
    Set<String> phases = new LinkedHashSet<>();
    Map<String, Map<String, List<PhaseResult>>> byGroup = new LinkedHashMap<>();
    for (PhaseResult r : rows) {
      phases.add(r.phase());
      byGroup.computeIfAbsent(r.group(), g -> new LinkedHashMap<>())
          .computeIfAbsent(r.phase(), p -> new ArrayList<>()).add(r);
    }
    List<String> header = new ArrayList<>(List.of(groupLabel));
    StringBuilder rule = new StringBuilder("|---");
    for (String p : phases) {
      header.add(p + " QPS");
      header.add(p + " p99 (us)");
      rule.append("|---:|---:");
      if (!p.equals("load")) {
        header.add(p + " hit");
        rule.append("|---:");
      }
    }
    row(b, header);
    b.append(rule).append("|\n");
    byGroup.forEach((group, cells) -> {
      List<String> line = new ArrayList<>(List.of(group));
      for (String p : phases) {
        List<PhaseResult> r = cells.getOrDefault(p, List.of());
        RoundFigures.Cell cell = r.isEmpty() ? null : figures.cell(r.get(0).target(), group, p);
        line.add(Rounds.figure(r, cell == null ? null : cell.throughput(), PhaseResult::throughput, Numbers::whole));
        line.add(Rounds.figure(r, cell == null ? null : cell.p99Us(), PhaseResult::p99Us, Numbers::whole));
        if (!p.equals("load")) {
          line.add(Rounds.range(r, PhaseResult::hitRatio, Numbers::hundredths));
        }
      }
      row(b, line);
    });
  }

  static void row(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String c : cells) {
      b.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    b.append('\n');
  }
}
