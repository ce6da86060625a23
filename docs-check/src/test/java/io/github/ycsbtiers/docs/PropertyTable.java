package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rows of a Markdown file's property tables (a table whose first two columns are headed
 * {@code property} and {@code default}) whose default is a literal: one word or number, in
 * backticks or not ({@code none} and {@code (unset)}: no default). A row naming several properties
 * ({@code `a`, `b`}) with as many comma-separated defaults gives a row each; defaults in prose
 * ("number of cores", "`threadcount` on ...") are not literals and are left out.
 */
final class PropertyTable {
  private static final Pattern HEADER = Pattern.compile("^\\|\\s*property\\s*\\|\\s*default\\s*\\|.*", Pattern.CASE_INSENSITIVE);
  private static final Pattern NAME = Pattern.compile("`([a-z][A-Za-z0-9_.]*)`");
  private static final Pattern LITERAL = Pattern.compile("`?([A-Za-z0-9_.:/+-]+)`?");
  /** A default the table states in words for "unset". */
  static final String NONE = "\u0000none";

  /** One documented default: where, which property, and the literal ({@link #NONE} for none). */
  record Row(Path file, int line, String property, String documented) {
  }

  private PropertyTable() {
  }

  static List<Row> rows(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Row> rows = new ArrayList<>();
    boolean inTable = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (HEADER.matcher(line).matches()) {
        inTable = true;
        i++; // the |---| line
        continue;
      }
      if (!inTable) {
        continue;
      }
      if (!line.startsWith("|")) {
        inTable = false;
        continue;
      }
      List<String> cells = cells(line);
      if (cells.size() >= 2) {
        rows.addAll(rowsOf(file, i + 1, cells.get(0), cells.get(1)));
      }
    }
    return rows;
  }

  private static List<Row> rowsOf(Path file, int line, String names, String defaults) {
    List<String> properties = new ArrayList<>();
    Matcher m = NAME.matcher(names);
    while (m.find()) {
      properties.add(m.group(1));
    }
    String[] values = defaults.trim().split(",\\s*", -1);
    List<Row> out = new ArrayList<>();
    if (properties.isEmpty() || (properties.size() > 1 && values.length != properties.size())) {
      return out;
    }
    for (int p = 0; p < properties.size(); p++) {
      String value = properties.size() == 1 ? defaults.trim() : values[p].trim();
      String literal = literal(value);
      if (literal != null) {
        out.add(new Row(file, line, properties.get(p), literal));
      }
    }
    return out;
  }

  /** The literal a default cell states, {@link #NONE}, or null when it is prose. */
  static String literal(String cell) {
    if (cell.equals("none") || cell.equals("(unset)") || cell.equals("``")) {
      return NONE;
    }
    Matcher m = LITERAL.matcher(cell);
    return m.matches() ? m.group(1) : null;
  }

  /** Splits a table row at the pipes that are not escaped ({@code \|}) and not inside a code span. */
  static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean code = false;
    for (int i = 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '`') {
        code = !code;
        cell.append(c);
      } else if (c == '|' && !code) {
        cells.add(cell.toString().trim());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }
}
