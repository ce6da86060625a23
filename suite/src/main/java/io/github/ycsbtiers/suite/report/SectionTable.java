package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A table of a report's {@link Section} (the steps of connection ramps, capacity curves and
 * latency-bound searches, per-node figures, timelines): a header, each column left-aligned text or
 * right-aligned figures, and the rows. One shape for every section, so they read and render alike.
 */
public final class SectionTable implements Section.Block {
  private final List<String> header;
  private final String alignment;
  private final List<List<String>> rows = new ArrayList<>();

  /**
   * @param alignment one letter per column of {@code header}: {@code l} text, {@code r} a figure
   */
  public SectionTable(String alignment, String... header) {
    if (alignment.length() != header.length || !alignment.matches("[lr]*")) {
      throw new IllegalArgumentException("alignment " + alignment + " for " + header.length + " columns");
    }
    this.header = List.of(header);
    this.alignment = alignment;
  }

  /** Adds a row: one cell per column, as printed. */
  public SectionTable row(String... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns: " + List.of(cells));
    }
    rows.add(List.of(cells));
    return this;
  }

  public List<String> header() {
    return header;
  }

  /** Whether column {@code c} holds figures (right-aligned). */
  public boolean figures(int c) {
    return alignment.charAt(c) == 'r';
  }

  public List<List<String>> rows() {
    return List.copyOf(rows);
  }

  /** The table in Markdown: header, alignment rule, rows; a {@code |} in a cell escaped. */
  public void markdown(StringBuilder md) {
    line(md, header);
    for (char a : alignment.toCharArray()) {
      md.append(a == 'l' ? "|---" : "|---:");
    }
    md.append("|\n");
    rows.forEach(r -> line(md, r));
  }

  private static void line(StringBuilder md, List<String> cells) {
    md.append('|');
    for (String c : cells) {
      md.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    md.append('\n');
  }

  /** A step's raw report, followed by a link to its timeline chart where {@code timelines} has one. */
  public static String report(String report, Map<String, String> timelines) {
    String chart = timelines.get(report);
    return chart == null ? report : report + " ([timeline](" + chart + "))";
  }

  /** A latency in microseconds, whole and grouped; {@code -} when unknown (negative, null or not finite). */
  public static String micros(Double v) {
    return v == null || v < 0 || !Double.isFinite(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** A throughput, whole and grouped. */
  public static String rate(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }
}
