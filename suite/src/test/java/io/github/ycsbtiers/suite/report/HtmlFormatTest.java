package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** index.html of fixed summaries: the golden sample, its cells equal summary.md's, every text escaped. */
class HtmlFormatTest {
  private static final Pattern ROW = Pattern.compile("<tr class=\"row\"[^>]*>(.*?)</tr>");
  private static final Pattern CELL = Pattern.compile("<td[^>]*>(.*?)</td>");

  static PageContext context() {
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("host", "bench-1");
    machine.put("CPU", "AMD EPYC, 2 cores available");
    return new PageContext("bin/ycsb-suite tier-ratio --rounds 3 --target 'a=redis,redis.password=***'", machine,
        Map.of("raw/pmem/01-7-1-load.txt", "charts/timeline-pmem-01-7-1-load.png"),
        List.of("charts/qps.png", "charts/p99.png", "charts/timeline-pmem-01-7-1-load.png"),
        List.of("summary.md", "summary.csv", "summary.json"));
  }

  @Test
  void roundsMatchTheGolden() throws IOException {
    assertEquals(SummaryFormatsTest.golden("index-rounds.html"),
        new HtmlFormat(context()).render(SummaryFormatsTest.withSections(SummaryFormatsTest.roundsSample())));
  }

  @Test
  void everyTableCellIsSummaryMdsCell() {
    for (Summary s : List.of(SummaryFormatsTest.sample(), SummaryFormatsTest.roundsSample(),
        SummaryFormatsTest.valueSizeSample())) {
      assertEquals(markdownRows(new MarkdownFormat().render(s)), htmlRows(new HtmlFormat(context()).render(s)),
          s.description());
    }
  }

  @Test
  void aPhaseRowIsFollowedByItsTimelineAndRawOutputs() {
    String html = new HtmlFormat(context()).render(SummaryFormatsTest.sample());
    int row = html.indexOf("<tr class=\"row\" data-target=\"pmem\" data-group=\"7:1\" data-phase=\"load\">");
    int details = html.indexOf("<details><summary>timeline and raw outputs</summary>", row);
    int chart = html.indexOf("<img src=\"charts/timeline-pmem-01-7-1-load.png\"", details);
    int raw = html.indexOf("<a href=\"raw/pmem/01-7-1-load-INSERT.hdr\">01-7-1-load-INSERT.hdr</a>", details);
    assertTrue(row > 0 && details > row && chart > details && raw > chart, html);
    assertEquals(html.indexOf("<img src=\"charts/timeline-pmem-01-7-1-load.png\""),
        html.lastIndexOf("<img src=\"charts/timeline-pmem-01-7-1-load.png\""), "shown once: beside its row");
    assertTrue(html.contains("<img src=\"charts/qps.png\""), html);
  }

  @Test
  void everyTextIsEscapedAndNoLinkLeavesTheDirectory() {
    String evil = "<script>alert('x')</script> & \"q\"";
    PhaseResult r = new PhaseResult("a&b", "<g>", "load", 1, 1.0, null, null, null, null, null, null, null, null, 1,
        null, Map.of(), List.of("raw/a&b/01 <g>.txt"));
    Summary s = new Summary("tier-ratio", evil, "memory:data", TableLayout.PHASE_ROWS, "2026-11-23T09:00:00Z",
        List.of(new Summary.Target("a&b", evil)), evil, List.of(r), List.of(evil));
    String html = new HtmlFormat(new PageContext(evil, Map.of(evil, evil), Map.of(), List.of(), List.of()))
        .render(s.withSections(List.of(Section.titled(evil).paragraph(evil).build())));
    assertFalse(html.contains("<script"), html);
    assertFalse(html.contains("<g>"), html);
    assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"), html);
    assertTrue(html.contains("href=\"raw/a%26b/01%20%3Cg%3E.txt\""), html);
    String page = new HtmlFormat(context()).render(SummaryFormatsTest.withSections(SummaryFormatsTest.sample()));
    assertFalse(page.contains("href=\"http"), "the further section's web link stays text");
    assertFalse(page.contains("not on the page"), page);
    assertTrue(page.contains("<a href=\"raw/pmem/01-7-1-load.txt\">the raw report</a>"), page);
  }

  /** The cells of every table row of summary.md (header and rule lines left out), in order. */
  private static List<List<String>> markdownRows(String md) {
    List<List<String>> rows = new ArrayList<>();
    String[] lines = md.split("\n");
    for (int i = 0; i < lines.length; i++) {
      boolean header = i + 1 < lines.length && lines[i + 1].startsWith("|---");
      if (lines[i].startsWith("| ") && !header) {
        List<String> cells = new ArrayList<>();
        for (String c : lines[i].substring(1, lines[i].length() - 1).split(" \\|")) {
          cells.add(c.trim());
        }
        rows.add(cells);
      }
    }
    return rows;
  }

  private static List<List<String>> htmlRows(String html) {
    List<List<String>> rows = new ArrayList<>();
    Matcher row = ROW.matcher(html);
    while (row.find()) {
      List<String> cells = new ArrayList<>();
      Matcher cell = CELL.matcher(row.group(1));
      while (cell.find()) {
        cells.add(cell.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
            .replace("&#39;", "'").replace("&amp;", "&"));
      }
      rows.add(cells);
    }
    return rows;
  }
}
