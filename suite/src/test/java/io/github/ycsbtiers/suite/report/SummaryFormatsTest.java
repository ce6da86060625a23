package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.map.ObjectMapper;
import org.junit.jupiter.api.Test;

/** summary.md, summary.csv and summary.json of a fixed summary against the golden samples. */
class SummaryFormatsTest {

  static Summary sample() {
    return sample(6923.1);
  }

  /** The sample with the disk target's Load at {@code diskLoadQps}. */
  static Summary sample(double diskLoadQps) {
    PhaseResult load = new PhaseResult("pmem", "7:1", "load", 20000, 15785.319652722968, 228.73235, 3959.0,
        null, null, null, null, null, null, 1267, null, Map.of("settle", "quiet"), List.of("raw/pmem/01-7-1-load.txt",
        "raw/pmem/01-7-1-load-INSERT.hdr"));
    PhaseResult mixed = new PhaseResult("pmem", "7:1", "uniform-update5050", 20000, 12995.5, 150.25, 5111.0,
        20.5, 28.0, 280.0, 5200.0, 1.0, "TIER", 1539, new PhaseResult.Warmup(5003, 123456),
        Map.of("tier.Medium", "pmem", "warmup", "Warm-up ended after 5.0 s: throughput stable"), List.of());
    PhaseResult diskLoad = new PhaseResult("disk", "7:1", "load", 20000, diskLoadQps, 560.0, 9231.0,
        null, null, null, null, null, null, 2889, null, Map.of(), List.of());
    PhaseResult diskMixed = new PhaseResult("disk", "7:1", "uniform-update5050", 20000, 9407.0, 200.0, 9335.0,
        25.0, 32.0, 375.0, 9400.0, 0.25, "INFO", 2126, new PhaseResult.Warmup(4100, 80000),
        Map.of("info.keyspace_hits.delta", "5000"), List.of());
    return new Summary("tier-ratio", "a \"quoted\", described scenario", "memory:data", TableLayout.PHASE_ROWS,
        "2026-11-23T09:00:00Z", List.of(new Summary.Target("pmem", "tiered, tiered.medium=pmem"),
        new Summary.Target("disk", "tiered, tiered.medium=disk")), "complete", List.of(load, mixed, diskLoad,
        diskMixed), List.of("4 phases on 2 targets",
        "run phases warmed up first (warmuptime=auto, cap 60 s): 4.1-5.0 s, not measured; loads measured whole"));
  }

  static Summary valueSizeSample() {
    PhaseResult load = new PhaseResult("pmem", "128 B", "load", 100, 1000.0, 10.0, 20.0,
        null, null, null, null, null, null, 100, null, Map.of(), List.of());
    PhaseResult c = new PhaseResult("pmem", "128 B", "workloadc-zipfian", 100, 2000.0, 5.0, 9.0,
        5.0, 9.0, null, null, 1.0, "TIER", 50, null, Map.of(), List.of());
    PhaseResult load2 = new PhaseResult("pmem", "4096 B", "load", 10, 500.0, 20.0, 40.0,
        null, null, null, null, null, null, 20, null, Map.of(), List.of());
    return new Summary("value-size", "sizes", "value size", TableLayout.GROUP_ROWS, "2026-11-23T09:00:00Z",
        List.of(new Summary.Target("pmem", "tiered")), "interrupted", List.of(load, c, load2), List.of());
  }

  /**
   * Three rounds of two targets (a Load that ran once, a run phase in rounds): intervals in every
   * format, a ratio that differs and one marked ~.
   */
  static Summary roundsSample() {
    List<PhaseResult> results = new java.util.ArrayList<>();
    results.add(new PhaseResult("pmem", "1:4", "load", 2000, 20000.0, 50.0, 120.0, null, null, null, null, null, null,
        100, null, Map.of(), List.of()));
    results.add(new PhaseResult("disk", "1:4", "load", 2000, 5000.0, 200.0, 480.0, null, null, null, null, null, null,
        400, null, Map.of(), List.of()));
    double[][] reads = {{81000, 10000, 9, 90}, {90000, 11000, 11, 95}, {76000, 9500, 10, 92}};
    double[][] updates = {{2000, 2500, 300, 310}, {3000, 2000, 320, 290}, {2500, 2600, 310, 300}};
    for (int round = 1; round <= 3; round++) {
      for (int t = 0; t < 2; t++) {
        String target = t == 0 ? "pmem" : "disk";
        double[] r = reads[round - 1];
        double[] u = updates[round - 1];
        Map<String, String> details = Map.of("round", Integer.toString(round));
        results.add(new PhaseResult(target, "1:4", "uniform-read", 1000, r[t], 10.0, r[2 + t], 10.0, r[2 + t], null,
            null, 0.25, "TIER", 1000, null, details, List.of()));
        results.add(new PhaseResult(target, "1:4", "uniform-update5050", 1000, u[t], 100.0, u[2 + t], 10.0, 20.0,
            150.0, u[2 + t], 0.25, "TIER", 1000, null, details, List.of()));
      }
    }
    return new Summary("tier-ratio", "rounds", "memory:data", TableLayout.PHASE_ROWS, "2026-11-23T09:00:00Z",
        List.of(new Summary.Target("pmem", "tiered, tiered.medium=pmem"),
        new Summary.Target("disk", "tiered, tiered.medium=disk")), "complete", results, List.of());
  }

  @Test
  void roundsMatchTheirGoldenInEveryFormat() throws IOException {
    assertEquals(golden("summary-rounds.md"), new MarkdownFormat().render(roundsSample()));
    assertEquals(golden("summary-rounds.csv"), new CsvFormat().render(roundsSample()));
    assertEquals(golden("summary-rounds.json"), new JsonFormat().render(roundsSample()));
  }

  /** {@code s} with a further section (per-node QPS) on the page and one (timelines) in summary.md alone. */
  static Summary withSections(Summary s) {
    return s.withSections(List.of(Section.titled("Per-node QPS (INFO commandstats)")
        .paragraph("SET + GET calls of `each` master; see [the raw report](raw/pmem/01-7-1-load.txt) and"
            + " [elsewhere](http://example.com/).")
        .table(new SectionTable("llr", "target", "node", "QPS").row("pmem", "10.0.0.5:7000", "1,000")
            .row("pmem", "raw/pmem/01-7-1-load.txt", "2")).build(), timelines()));
  }

  /** Sections without links (the docs check follows a golden file's links). */
  static Summary withPlainSections(Summary s) {
    return withPlainSections(s, "1,000");
  }

  private static Summary withPlainSections(Summary s, String nodeQps) {
    return s.withSections(List.of(Section.titled("Per-node QPS (INFO commandstats)")
        .table(new SectionTable("llr", "target", "node", "QPS").row("pmem", "10.0.0.5:7000", nodeQps)).build(),
        timelines()));
  }

  /** Sections with every kind of block: headings of both levels, a paragraph, bullets, tables. */
  static Summary withEveryBlock(Summary s, String nodeQps) {
    return withPlainSections(s, nodeQps).withSections(List.of(Section.titled("Connection ramps")
        .paragraph("Clients double while throughput grows; \"best\": the fewest clients within 5% of the highest.")
        .subheading("pmem 7:1 uniform-read")
        .table(new SectionTable("rrr", "clients", "QPS", "p99 (us)").row("1", "20,101", "85").row("2", "20,467", "170"))
        .build()));
  }

  @Test
  void jsonWithSectionsMatchesGolden() throws IOException {
    String json = new JsonFormat().render(withEveryBlock(sample(), "1,000"));
    assertEquals(golden("summary-sections.json"), json);
    JsonNode table = new ObjectMapper().readTree(json).path("sections").get(2).path("blocks").get(3);
    assertEquals("20,467", table.path("rows").get(1).get(1).getTextValue());
  }

  /** One changed cell, of a phase's figure or of a section's table, and the golden samples no longer match. */
  @Test
  void aChangedCellFailsTheGoldenSamples() throws IOException {
    Summary changed = sample(7923.1);
    assertNotEquals(golden("summary.md"), new MarkdownFormat().render(changed));
    assertNotEquals(golden("summary.csv"), new CsvFormat().render(changed));
    assertNotEquals(golden("summary.json"), new JsonFormat().render(changed));
    assertNotEquals(golden("summary-sections.md"), new MarkdownFormat().render(withPlainSections(sample(), "1,001")));
    assertNotEquals(golden("summary-sections.json"), new JsonFormat().render(withEveryBlock(sample(), "1,001")));
  }

  private static Section timelines() {
    return Section.titled("Timelines").bullets(List.of("not on the page")).notOnPage().build();
  }

  /** summary.md is written once, whole: the tables, the notes, then every section after a blank line. */
  @Test
  void sectionsFollowTheNotesInSummaryMd() throws IOException {
    String md = new MarkdownFormat().render(withPlainSections(sample()));
    assertEquals(golden("summary-sections.md"), md);
    assertTrue(md.startsWith(new MarkdownFormat().render(sample()) + "\n## Per-node QPS"), md);
  }

  /** stdout: summary.md from the side-by-side table on, or with one target from its table on. */
  @Test
  void theConsoleSummaryIsSummaryMdFromTheSideBySideTableOn() throws IOException {
    Summary two = withPlainSections(sample());
    String md = new MarkdownFormat().render(two);
    assertEquals(golden("console-sections.txt"), MarkdownFormat.console(two));
    assertEquals(md.substring(md.indexOf("## Side by side")), MarkdownFormat.console(two));
    Summary one = withSections(valueSizeSample());
    String oneMd = new MarkdownFormat().render(one);
    assertEquals(oneMd.substring(oneMd.indexOf("\n## ") + 1), MarkdownFormat.console(one));
  }

  @Test
  void markdownMatchesGolden() throws IOException {
    assertEquals(golden("summary.md"), new MarkdownFormat().render(sample()));
  }

  @Test
  void groupRowsMarkdownMatchesGolden() throws IOException {
    assertEquals(golden("summary-value-size.md"), new MarkdownFormat().render(valueSizeSample()));
  }

  @Test
  void aTargetWhoseReadsAreTimedByTierHasTheirP99sInTwoMoreColumns() {
    PhaseResult read = new PhaseResult("disk", "1:4", "uniform-read", 1000, 30000.0, 150.0, 1100.0, 150.0, 1100.0,
        null, null, 0.25, "TIER", 1000, null, Map.of("p99.READ-DRAM", "3", "p99.READ-PERSISTENT", "1210"), List.of());
    PhaseResult load = new PhaseResult("disk", "1:4", "load", 1000, 9000.0, 100.0, 900.0, null, null, null, null,
        null, null, 1000, null, Map.of(), List.of());
    String md = new MarkdownFormat().render(new Summary("tier-ratio", "d", "memory:data", TableLayout.PHASE_ROWS,
        "2026-11-26T09:00:00Z", List.of(new Summary.Target("disk", "tiered")), "complete", List.of(load, read),
        List.of()));
    assertTrue(md.contains("| hit ratio | DRAM read p99 (us) | persistent read p99 (us) |\n"
        + "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"), md);
    assertTrue(md.contains("| 1:4 | uniform-read | 30000 | 150.0 | 1100 | 150.0 | 1100 | - | - | 0.25 | 3 | 1210 |"), md);
    assertTrue(md.contains("| 1:4 | load | 9000 | 100.0 | 900 | - | - | - | - | - | - | - |"), md);
  }

  @Test
  void csvMatchesGolden() throws IOException {
    assertEquals(golden("summary.csv"), new CsvFormat().render(sample()));
  }

  @Test
  void jsonMatchesGolden() throws IOException {
    assertEquals(golden("summary.json"), new JsonFormat().render(sample()));
  }

  static String golden(String name) throws IOException {
    try (InputStream in = SummaryFormatsTest.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IOException("no golden file " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
