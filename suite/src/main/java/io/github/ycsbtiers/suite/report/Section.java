package io.github.ycsbtiers.suite.report;

/**
 * A section of the report after the phases' tables, as summary.md shows it (a {@code ## } heading,
 * then paragraphs, lists and tables in Markdown) and index.html renders it ({@link MarkdownHtml}).
 *
 * @param markdown the section, from its heading on; empty: no section
 * @param onPage whether index.html shows it too (the timelines' list is summary.md's alone: the page
 *     shows each timeline beside its phase's row)
 */
public record Section(String markdown, boolean onPage) {
  /** A section of summary.md and of the page; null when {@code markdown} is empty (nothing to show). */
  public static Section of(String markdown) {
    return markdown.isEmpty() ? null : new Section(markdown, true);
  }
}
