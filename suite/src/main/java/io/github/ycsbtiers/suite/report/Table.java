package io.github.ycsbtiers.suite.report;

import java.util.List;

/**
 * One table of the report, as summary.md and index.html both show it: the header, how many leading
 * columns are text (the rest are figures, right-aligned), and the rows, each with the phase results
 * its cells come from (every round's; several phases for a {@link TableLayout#GROUP_ROWS} row).
 */
record Table(List<String> header, int textColumns, List<Row> rows) {

  Table {
    header = List.copyOf(header);
    rows = List.copyOf(rows);
  }

  /** A row's cells, as printed, and the results they show. */
  record Row(List<String> cells, List<PhaseResult> results) {
    Row {
      cells = List.copyOf(cells);
      results = List.copyOf(results);
    }
  }

  /** The table in Markdown: header, alignment rule, rows. */
  void markdown(StringBuilder b) {
    row(b, header);
    for (int i = 0; i < header.size(); i++) {
      b.append(i < textColumns ? "|---" : "|---:");
    }
    b.append("|\n");
    for (Row r : rows) {
      row(b, r.cells());
    }
  }

  private static void row(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String c : cells) {
      b.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    b.append('\n');
  }
}
