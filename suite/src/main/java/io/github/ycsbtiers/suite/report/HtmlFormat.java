package io.github.ycsbtiers.suite.report;

import io.github.ycsbtiers.suite.stats.Interval;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * index.html: the run on one page, from the same {@link Summary} as summary.md, .csv and .json, with
 * the {@link PageContext} of the directory. In order: the scenario, its status and a table of
 * contents; the command line, the machine and the targets; each target's table (the cells of
 * summary.md, each row followed by its phase's timeline and raw outputs, collapsed); the
 * per-keyspace and side-by-side tables and the ratios' verdicts; the summary's sections shown on the page
 * (searches, curves, ramps, per-node QPS, failed outputs); the notes; every other chart; the files.
 * Self-contained: the style is inline, there is no script, the charts are the PNG files of
 * {@code charts/} (each linking to its SVG), every link is relative, and a Content-Security-Policy
 * refuses anything else. Every text is escaped ({@link Html}).
 */
final class HtmlFormat implements ResultFormat {
  static final String FILE_NAME = "index.html";
  private static final String CSP = "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline';"
      + " base-uri 'none'; form-action 'none'";

  private final PageContext page;

  HtmlFormat(PageContext page) {
    this.page = page;
  }

  @Override
  public String render(Summary s) {
    RoundFigures figures = RoundFigures.of(s);
    StringBuilder b = new StringBuilder(16_384);
    b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\">\n")
        .append("<title>").append(Html.text(s.scenario() + ": " + s.status() + ", " + s.startedAt())).append("</title>\n")
        .append("<style>\n").append(PageStyle.CSS).append("\n</style>\n</head>\n<body>\n<main>\n");
    header(b, s);
    run(b, s);
    for (int i = 0; i < s.targets().size(); i++) {
      Summary.Target t = s.targets().get(i);
      b.append("<section id=\"target-").append(i + 1).append("\">\n<h2>").append(Html.text(t.name())).append("</h2>\n");
      HtmlTable.render(b, TargetTable.of(s, t.name(), figures), "figures", t.name(), page.timelines());
      b.append("</section>\n");
    }
    Table keyspaces = KeyspaceTable.table(s);
    if (keyspaces != null) {
      b.append("<section id=\"keyspaces\">\n<h2>")
          .append(Html.text(KeyspaceTable.HEADING.substring(3))).append("</h2>\n");
      HtmlTable.render(b, keyspaces, "keyspaces");
      b.append("</section>\n");
    }
    if (s.targets().size() > 1) {
      b.append("<section id=\"side-by-side\">\n<h2>Side by side</h2>\n");
      HtmlTable.render(b, SideBySide.table(s, figures), "side");
      verdicts(b, figures);
      b.append("</section>\n");
    }
    for (Section section : s.sections()) {
      if (section.onPage()) {
        b.append("<section class=\"report\">\n").append(SectionHtml.render(section))
            .append("</section>\n");
      }
    }
    if (!s.notes().isEmpty()) {
      b.append("<section id=\"notes\">\n<h2>Notes</h2>\n<ul>\n");
      s.notes().forEach(n -> b.append("<li>").append(Html.text(n)).append("</li>\n"));
      b.append("</ul>\n</section>\n");
    }
    charts(b, s);
    files(b, s);
    b.append("<footer>Written by bin/ycsb-suite from the data of summary.md, summary.csv and summary.json.</footer>\n")
        .append("</main>\n</body>\n</html>\n");
    return b.toString();
  }

  private void header(StringBuilder b, Summary s) {
    b.append("<header>\n<h1>").append(Html.text(s.scenario())).append("</h1>\n<p>").append(Html.text(s.description()))
        .append("</p>\n<p><span class=\"status ").append(Html.text(s.status())).append("\">")
        .append(Html.text(s.status())).append("</span> <span class=\"muted\">started ")
        .append(Html.text(s.startedAt())).append("</span></p>\n</header>\n<nav>");
    b.append("<a href=\"#run\">Run</a>");
    for (int i = 0; i < s.targets().size(); i++) {
      b.append("<a href=\"#target-").append(i + 1).append("\">").append(Html.text(s.targets().get(i).name()))
          .append("</a>");
    }
    if (s.targets().size() > 1) {
      b.append("<a href=\"#side-by-side\">Side by side</a>");
    }
    if (!s.notes().isEmpty()) {
      b.append("<a href=\"#notes\">Notes</a>");
    }
    b.append("<a href=\"#charts\">Charts</a><a href=\"#files\">Files</a></nav>\n");
  }

  private void run(StringBuilder b, Summary s) {
    b.append("<section id=\"run\">\n<h2>Run</h2>\n<pre><code>").append(Html.text(page.commandLine()))
        .append("</code></pre>\n<div class=\"scroll\"><table class=\"facts\">\n");
    page.machine().forEach((k, v) -> b.append("<tr><th>").append(Html.text(k)).append("</th><td>")
        .append(Html.text(v)).append("</td></tr>\n"));
    b.append("</table></div>\n<ul>\n");
    for (Summary.Target t : s.targets()) {
      b.append("<li><code>").append(Html.text(t.name())).append("</code>: ").append(Html.text(t.description()))
          .append("</li>\n");
    }
    b.append("</ul>\n</section>\n");
  }

  /** One line per ratio with an interval: the estimate, the interval and whether it shows a difference. */
  private static void verdicts(StringBuilder b, RoundFigures figures) {
    List<String> lines = new ArrayList<>();
    for (RoundFigures.Ratio r : figures.ratios()) {
      Interval i = r.ratio();
      if (i != null && i.bounded()) {
        lines.add(r.numerator() + "/" + r.denominator() + ", " + r.group() + " " + r.phase() + ": "
            + Rounds.ratio(r) + (r.different() ? ": different (the 95% interval excludes 1)"
            : ": no difference shown (the 95% interval holds 1)"));
      }
    }
    if (!lines.isEmpty()) {
      b.append("<h3>Verdicts</h3>\n<ul class=\"verdicts\">\n");
      lines.forEach(l -> b.append("<li>").append(Html.text(l)).append("</li>\n"));
      b.append("</ul>\n");
    }
  }

  /** Every chart not shown beside its row. */
  private void charts(StringBuilder b, Summary s) {
    Set<String> inRows = new HashSet<>();
    for (PhaseResult r : s.results()) {
      r.files().stream().map(page.timelines()::get).filter(c -> c != null).forEach(inRows::add);
    }
    b.append("<section id=\"charts\">\n<h2>Charts</h2>\n<p class=\"muted\">Each phase's timeline is under its row in"
        + " the target's table. A chart links to its SVG.</p>\n<div class=\"charts\">\n");
    for (String chart : page.charts()) {
      if (!inRows.contains(chart)) {
        String name = chart.substring(chart.lastIndexOf('/') + 1);
        b.append(Html.figure(chart, name.endsWith(".png") ? name.substring(0, name.length() - 4) : name)).append('\n');
      }
    }
    b.append("</div>\n</section>\n");
  }

  private void files(StringBuilder b, Summary s) {
    b.append("<section id=\"files\">\n<h2>Files</h2>\n<ul>\n");
    page.files().forEach(f -> b.append("<li>").append(Html.link(f)).append("</li>\n"));
    b.append("</ul>\n");
    List<PhaseResult> withFiles = s.results().stream().filter(r -> !r.files().isEmpty()).toList();
    if (!withFiles.isEmpty()) {
      b.append("<details><summary>Raw outputs of ").append(withFiles.size()).append(withFiles.size() == 1 ? " phase"
          : " phases").append("</summary>\n<ul class=\"files\">\n");
      for (PhaseResult r : withFiles) {
        String round = r.details().get(Rounds.ROUND);
        b.append("<li>").append(Html.text(r.target() + " " + r.group() + " " + r.phase()
            + (round == null ? "" : ", round " + round))).append(':');
        r.files().forEach(f -> b.append(' ').append(Html.link(f)));
        b.append("</li>\n");
      }
      b.append("</ul>\n</details>\n");
    }
    b.append("</section>\n");
  }
}
