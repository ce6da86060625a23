package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown that the suite writes into summary.md's further sections, as HTML: headings
 * ({@code ##}, {@code ###}), paragraphs, {@code - } lists, tables (a {@code ---:} column
 * right-aligned), {@code `code`} and links to files of the results directory. Nothing else: this
 * reads the suite's own sections, not Markdown at large. Every text is escaped; a link whose target
 * is not a relative path stays text, and a table cell that is a path under {@code raw/} or
 * {@code charts/} becomes a link.
 */
final class MarkdownHtml {
  private static final Pattern INLINE = Pattern.compile("`([^`]*)`|\\[([^\\]]*)\\]\\(([^)\\s]*)\\)");
  private static final Pattern FILE_CELL = Pattern.compile("(raw|charts)/\\S+");

  private MarkdownHtml() {
  }

  static String render(String markdown) {
    StringBuilder b = new StringBuilder();
    List<String> paragraph = new ArrayList<>();
    String[] lines = markdown.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.startsWith("|")) {
        flush(b, paragraph);
        int end = i;
        while (end < lines.length && lines[end].strip().startsWith("|")) {
          end++;
        }
        table(b, List.of(lines).subList(i, end));
        i = end - 1;
      } else if (line.startsWith("- ")) {
        flush(b, paragraph);
        b.append("<ul>\n");
        while (i < lines.length && lines[i].strip().startsWith("- ")) {
          b.append("<li>").append(inline(lines[i].strip().substring(2))).append("</li>\n");
          i++;
        }
        b.append("</ul>\n");
        i--;
      } else if (line.startsWith("### ") || line.startsWith("## ")) {
        flush(b, paragraph);
        String tag = line.startsWith("### ") ? "h3" : "h2";
        b.append('<').append(tag).append('>').append(inline(line.substring(tag.equals("h3") ? 4 : 3)))
            .append("</").append(tag).append(">\n");
      } else if (line.isEmpty()) {
        flush(b, paragraph);
      } else {
        paragraph.add(line);
      }
    }
    flush(b, paragraph);
    return b.toString();
  }

  private static void flush(StringBuilder b, List<String> paragraph) {
    if (!paragraph.isEmpty()) {
      b.append("<p>").append(inline(String.join(" ", paragraph))).append("</p>\n");
      paragraph.clear();
    }
  }

  /** Header, rule, rows; a malformed rule (none) leaves every column text. */
  private static void table(StringBuilder b, List<String> lines) {
    List<String> header = cells(lines.get(0));
    List<String> rule = lines.size() > 1 ? cells(lines.get(1)) : List.of();
    boolean hasRule = !rule.isEmpty() && rule.stream().allMatch(c -> c.matches(":?-+:?"));
    b.append("<div class=\"scroll\"><table>\n<thead><tr>");
    for (int c = 0; c < header.size(); c++) {
      b.append(right(rule, c, hasRule) ? "<th class=\"num\">" : "<th>").append(inline(header.get(c))).append("</th>");
    }
    b.append("</tr></thead>\n<tbody>\n");
    for (String line : lines.subList(hasRule ? 2 : 1, lines.size())) {
      List<String> cells = cells(line);
      b.append("<tr>");
      for (int c = 0; c < cells.size(); c++) {
        String cell = cells.get(c);
        String html = FILE_CELL.matcher(cell).matches() ? Html.link(cell) : inline(cell);
        b.append(right(rule, c, hasRule) ? "<td class=\"num\">" : "<td>").append(html).append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("</tbody></table></div>\n");
  }

  private static boolean right(List<String> rule, int column, boolean hasRule) {
    return hasRule && column < rule.size() && rule.get(column).endsWith(":");
  }

  /** A row's cells: split on {@code |} but not on {@code \|}, trimmed. */
  private static List<String> cells(String line) {
    String s = line.strip();
    s = s.substring(1, s.endsWith("|") && s.length() > 1 ? s.length() - 1 : s.length());
    List<String> cells = new ArrayList<>();
    StringBuilder c = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
        c.append('|');
        i++;
      } else if (ch == '|') {
        cells.add(c.toString().strip());
        c.setLength(0);
      } else {
        c.append(ch);
      }
    }
    cells.add(c.toString().strip());
    return cells;
  }

  /** Escaped text with {@code `code`} and relative links. */
  static String inline(String text) {
    StringBuilder b = new StringBuilder();
    Matcher m = INLINE.matcher(text);
    int at = 0;
    while (m.find()) {
      b.append(Html.text(text.substring(at, m.start())));
      if (m.group(1) != null) {
        b.append("<code>").append(Html.text(m.group(1))).append("</code>");
      } else if (relative(m.group(3))) {
        b.append(Html.link(m.group(3), m.group(2)));
      } else {
        b.append(Html.text(m.group()));
      }
      at = m.end();
    }
    return b.append(Html.text(text.substring(at))).toString();
  }

  private static boolean relative(String target) {
    return !target.isEmpty() && !target.startsWith("/") && !target.contains(":") && !target.startsWith("..");
  }
}
