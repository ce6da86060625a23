package io.github.ycsbtiers.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pipe tables of some Markdown lines, as rows of trimmed cells (the delimiter row included, so
 * that a column's alignment is compared too). A table is a run of lines that start with {@code |};
 * a cell holds no {@code |} of its own.
 */
final class MarkdownTables {
  private MarkdownTables() {
  }

  /** A table: its rows of cells, and the 1-based line its header is on. */
  record Table(int line, List<List<String>> rows) {
    List<String> header() {
      return rows.get(0);
    }
  }

  static List<Table> of(List<String> lines, int firstLine) {
    List<Table> tables = new ArrayList<>();
    List<List<String>> rows = null;
    int start = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.startsWith("|")) {
        if (rows == null) {
          rows = new ArrayList<>();
          start = firstLine + i;
        }
        rows.add(cells(line));
      } else if (rows != null) {
        tables.add(new Table(start, rows));
        rows = null;
      }
    }
    if (rows != null) {
      tables.add(new Table(start, rows));
    }
    return tables;
  }

  static List<String> cells(String row) {
    String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
    return Arrays.stream(inner.split("\\|", -1)).map(String::strip).toList();
  }
}
