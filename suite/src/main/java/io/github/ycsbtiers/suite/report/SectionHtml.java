package io.github.ycsbtiers.suite.report;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link Section} as HTML for index.html: headings, paragraphs, lists and tables (figures
 * right-aligned). Every text is escaped; its {@code `code`} becomes code and its Markdown links to
 * files of the results directory become links (a link whose target is not a relative path stays
 * text); a table cell that is a path under {@code raw/} or {@code charts/} becomes a link.
 */
final class SectionHtml {
  private static final Pattern INLINE = Pattern.compile("`([^`]*)`|\\[([^\\]]*)\\]\\(([^)\\s]*)\\)");
  private static final Pattern FILE_CELL = Pattern.compile("(raw|charts)/\\S+");

  private SectionHtml() {
  }

  static String render(Section section) {
    StringBuilder b = new StringBuilder();
    for (Section.Block block : section.blocks()) {
      if (block instanceof Section.Heading h) {
        b.append("<h").append(h.level()).append('>').append(inline(h.text())).append("</h").append(h.level())
            .append(">\n");
      } else if (block instanceof Section.Paragraph p) {
        b.append("<p>").append(inline(p.text())).append("</p>\n");
      } else if (block instanceof Section.Bullets l) {
        b.append("<ul>\n");
        l.items().forEach(item -> b.append("<li>").append(inline(item)).append("</li>\n"));
        b.append("</ul>\n");
      } else {
        table(b, (SectionTable) block);
      }
    }
    return b.toString();
  }

  private static void table(StringBuilder b, SectionTable t) {
    List<String> header = t.header();
    b.append("<div class=\"scroll\"><table>\n<thead><tr>");
    for (int c = 0; c < header.size(); c++) {
      b.append(t.figures(c) ? "<th class=\"num\">" : "<th>").append(inline(header.get(c))).append("</th>");
    }
    b.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : t.rows()) {
      b.append("<tr>");
      for (int c = 0; c < row.size(); c++) {
        String cell = row.get(c).strip();
        String html = FILE_CELL.matcher(cell).matches() ? Html.link(cell) : inline(cell);
        b.append(t.figures(c) ? "<td class=\"num\">" : "<td>").append(html).append("</td>");
      }
      b.append("</tr>\n");
    }
    b.append("</tbody></table></div>\n");
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
