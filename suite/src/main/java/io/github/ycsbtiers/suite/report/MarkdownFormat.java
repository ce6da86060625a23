package io.github.ycsbtiers.suite.report;

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
    targetTables(b, s, figures);
    sideBySide(b, s, figures);
    rest(b, s);
    return b.toString();
  }

  /**
   * What {@code bin/ycsb-suite} prints at the end: from the side-by-side table on, or with one target
   * from its table on; then the notes and the sections, as summary.md has them.
   */
  static String console(Summary s) {
    StringBuilder b = new StringBuilder();
    RoundFigures figures = RoundFigures.of(s);
    if (s.targets().size() > 1) {
      sideBySide(b, s, figures);
    } else {
      targetTables(b, s, figures);
    }
    rest(b, s);
    return b.isEmpty() ? "" : b.substring(1);
  }

  private static void targetTables(StringBuilder b, Summary s, RoundFigures figures) {
    for (Summary.Target t : s.targets()) {
      b.append("\n## ").append(t.name()).append("\n\n");
      TargetTable.of(s, t.name(), figures).markdown(b);
    }
    Table keyspaces = KeyspaceTable.table(s);
    if (keyspaces != null) {
      b.append('\n').append(KeyspaceTable.HEADING).append("\n\n");
      keyspaces.markdown(b);
    }
  }

  private static void sideBySide(StringBuilder b, Summary s, RoundFigures figures) {
    if (s.targets().size() > 1) {
      b.append("\n## Side by side\n\n");
      SideBySide.table(s, figures).markdown(b);
    }
  }

  /** The notes, then every section after a blank line. */
  private static void rest(StringBuilder b, Summary s) {
    if (!s.notes().isEmpty()) {
      b.append("\n## Notes\n\n");
      for (String note : s.notes()) {
        b.append("- ").append(note).append('\n');
      }
    }
    for (Section section : s.sections()) {
      b.append('\n').append(section.markdown());
    }
  }
}
