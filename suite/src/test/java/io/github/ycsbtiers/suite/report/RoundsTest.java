package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --rounds: cells as min–max, ratios as their possible range, "within noise" exactly where the ranges overlap. */
class RoundsTest {
  private static PhaseResult r(String target, int round, double qps, double p99) {
    return new PhaseResult(target, "1:4", "uniform-read", 1000, qps, 10.0, p99, 10.0, p99, null, null, 0.25, "TIER",
        1000, null, Map.of("round", Integer.toString(round)), List.of());
  }

  @Test
  void aCellIsTheMinAndMaxOverItsRoundsAndOneValueWhenTheyAgree() {
    List<PhaseResult> rounds = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 1500.4, 9.2));
    assertEquals("1500–2000", Rounds.range(rounds, PhaseResult::throughput, Numbers::whole));
    assertEquals("9", Rounds.range(rounds, PhaseResult::p99Us, Numbers::whole), "equal to the printed digit");
    assertEquals("-", Rounds.range(rounds, PhaseResult::updateP99Us, Numbers::whole));
  }

  @Test
  void aRatioIsItsRangeAndWithinNoiseOnlyWhenTheTargetsRangesOverlap() {
    List<PhaseResult> pmem = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 3000, 9));
    List<PhaseResult> apart = List.of(r("disk", 1, 1000, 90), r("disk", 2, 1500, 90));
    List<PhaseResult> overlapping = List.of(r("disk", 1, 1000, 90), r("disk", 2, 2500, 90));
    assertEquals("1.33–3.00", Rounds.ratio(pmem, apart), "always above 1: measured");
    assertEquals("0.80–3.00 (within noise)", Rounds.ratio(pmem, overlapping));
    List<PhaseResult> touching = List.of(r("disk", 1, 3000, 90), r("disk", 2, 3100, 90));
    assertTrue(Rounds.ratio(pmem, touching).endsWith("(within noise)"), "a shared end is an overlap");
    assertEquals("2.00", Rounds.ratio(List.of(pmem.get(0)), List.of(apart.get(0))), "one round: as before");
  }

  @Test
  void theTablesShowRangesAndMarkTheSideBySideRatio() {
    Summary s = new Summary("tier-ratio", "d", "memory:data", TableLayout.PHASE_ROWS, "2026-11-26T10:00:00Z",
        List.of(new Summary.Target("pmem", "tiered"), new Summary.Target("disk", "tiered")), "complete",
        List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 3000, 11), r("disk", 1, 1000, 90), r("disk", 2, 2500, 95)),
        List.of());
    String md = new MarkdownFormat().render(s);
    assertTrue(md.contains("| 1:4 | uniform-read | 2000–3000 | 10.0 | 9–11 | 10.0 | 9–11 | - | - | 0.25 |"), md);
    assertTrue(md.contains("| 1:4 | uniform-read | 2000–3000 | 1000–2500 | 0.80–3.00 (within noise) | 9–11 | 90–95 |"),
        md);
    assertEquals(1, md.lines().filter(l -> l.startsWith("| 1:4 | uniform-read | 2000–3000 | 10.0")).count(),
        "one row per cell, not per round");
  }
}
