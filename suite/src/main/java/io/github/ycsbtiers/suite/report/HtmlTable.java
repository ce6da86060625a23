package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link Table} in index.html: the cells exactly as summary.md prints them, figures right-aligned,
 * the table in a box that scrolls sideways on a narrow screen. A target's table marks each row with
 * its target, group and (one phase per row) phase, and follows it with a collapsed row that holds
 * the phase's timeline charts and links to its raw outputs.
 */
final class HtmlTable {
  private HtmlTable() {
  }

  /** A table without timelines (side by side, keyspaces). */
  static void render(StringBuilder b, Table t, String cssClass) {
    render(b, t, cssClass, null, null);
  }

  /**
   * A target's table: {@code target} names it ({@code data-target}), {@code timelines} maps a raw
   * report to its timeline chart.
   */
  static void render(StringBuilder b, Table t, String cssClass, String target, Map<String, String> timelines) {
    b.append("<div class=\"scroll\"><table class=\"").append(cssClass).append('"');
    if (target != null) {
      b.append(" data-target=\"").append(Html.text(target)).append('"');
    }
    b.append(">\n<thead><tr>");
    for (int i = 0; i < t.header().size(); i++) {
      b.append(i < t.textColumns() ? "<th>" : "<th class=\"num\">").append(Html.text(t.header().get(i))).append("</th>");
    }
    b.append("</tr></thead>\n<tbody>\n");
    for (Table.Row row : t.rows()) {
      b.append("<tr class=\"row\"");
      if (target != null) {
        rowKeys(b, target, row.results());
      }
      b.append('>');
      for (int i = 0; i < row.cells().size(); i++) {
        cell(b, row.cells().get(i), i >= t.textColumns());
      }
      b.append("</tr>\n");
      if (timelines != null) {
        more(b, row, t.header().size(), timelines);
      }
    }
    b.append("</tbody></table></div>\n");
  }

  private static void rowKeys(StringBuilder b, String target, List<PhaseResult> results) {
    b.append(" data-target=\"").append(Html.text(target)).append('"');
    if (!results.isEmpty()) {
      PhaseResult first = results.get(0);
      b.append(" data-group=\"").append(Html.text(first.group())).append('"');
      if (results.stream().allMatch(r -> r.phase().equals(first.phase()))) {
        b.append(" data-phase=\"").append(Html.text(first.phase())).append('"');
      }
    }
  }

  private static void cell(StringBuilder b, String text, boolean figure) {
    boolean same = text.endsWith(" " + Rounds.SAME);
    List<String> classes = new ArrayList<>();
    if (figure) {
      classes.add("num");
    }
    if (same) {
      classes.add("same");
    }
    b.append("<td");
    if (!classes.isEmpty()) {
      b.append(" class=\"").append(String.join(" ", classes)).append('"');
    }
    if (same) {
      b.append(" title=\"the interval holds 1: no difference shown\"");
    }
    b.append('>').append(Html.text(text)).append("</td>");
  }

  /** The collapsed row under a target's row: each result's timeline and raw outputs; none without files. */
  private static void more(StringBuilder b, Table.Row row, int columns, Map<String, String> timelines) {
    if (row.results().stream().allMatch(r -> r.files().isEmpty())) {
      return;
    }
    b.append("<tr class=\"more\"><td colspan=\"").append(columns).append("\"><details><summary>timeline and raw"
        + " outputs</summary><div class=\"panel\">\n");
    for (PhaseResult r : row.results()) {
      String round = r.details().get(Rounds.ROUND);
      String caption = r.target() + " " + r.group() + " " + r.phase() + (round == null ? "" : ", round " + round);
      for (String f : r.files()) {
        String chart = timelines.get(f);
        if (chart != null) {
          b.append(Html.figure(chart, caption + ": timeline")).append('\n');
        }
      }
      if (!r.files().isEmpty()) {
        b.append("<p class=\"files\">").append(Html.text(caption)).append(':');
        for (String f : r.files()) {
          b.append(' ').append(Html.link(f, f.substring(f.lastIndexOf('/') + 1)));
        }
        b.append("</p>\n");
      }
    }
    b.append("</div></details></td></tr>\n");
  }
}
