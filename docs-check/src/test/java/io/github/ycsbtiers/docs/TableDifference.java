package io.github.ycsbtiers.docs;

import java.util.List;

/** Where a table of the document differs from the results file's table with the same header. */
final class TableDifference {
  private TableDifference() {
  }

  static String describe(MarkdownTables.Table doc, List<MarkdownTables.Table> results) {
    MarkdownTables.Table same = results.stream().filter(t -> t.header().equals(doc.header())).findFirst().orElse(null);
    if (same == null) {
      return "no table there has the header " + doc.header();
    }
    List<List<String>> a = doc.rows();
    List<List<String>> b = same.rows();
    for (int r = 0; r < Math.min(a.size(), b.size()); r++) {
      List<String> x = a.get(r);
      List<String> y = b.get(r);
      for (int c = 0; c < Math.max(x.size(), y.size()); c++) {
        String u = c < x.size() ? x.get(c) : "(none)";
        String v = c < y.size() ? y.get(c) : "(none)";
        if (!u.equals(v)) {
          return "row " + (r + 1) + ", column " + (c + 1) + " (" + doc.header().get(Math.min(c, doc.header().size() - 1))
              + "): \"" + u + "\" here, \"" + v + "\" in the file";
        }
      }
    }
    return a.size() + " rows here, " + b.size() + " in the file";
  }
}
