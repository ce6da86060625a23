package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * --rounds: cells as min–max, ratios as their possible range, "within noise" exactly where the
 * rounds' ranges overlap or, where the phases have timelines, their measured seconds' ranges do.
 */
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

  private static PhaseResult seconds(String target, int round, double qps, double lowest, double highest) {
    return new PhaseResult(target, "7:1", "zipfian-read", 1000, qps, 1.0, 5.0, 1.0, 5.0, null, null, 1.0, "TIER",
        5000, null, Map.of("round", Integer.toString(round), PhaseResult.SECOND_MIN, Double.toString(lowest),
        PhaseResult.SECOND_MAX, Double.toString(highest)), List.of());
  }

  @Test
  void roundsApartButSecondsOverlappingAreWithinNoise() {
    // bin/demo, 7:1 Zipfian-Read, both targets reading DRAM: rounds 0.90-1.07M against 1.45-1.50M,
    // seconds 0.79-1.63M against 1.20-1.83M
    List<PhaseResult> pmem = List.of(seconds("pmem", 1, 1_070_066, 793_000, 1_633_000),
        seconds("pmem", 2, 896_699, 878_000, 1_015_000));
    List<PhaseResult> disk = List.of(seconds("disk", 1, 1_474_113, 1_218_000, 1_772_000),
        seconds("disk", 2, 1_522_231, 1_200_000, 1_829_000));
    assertEquals("0.59–0.73 (within noise)", Rounds.ratio(pmem, disk));
    List<PhaseResult> slower = List.of(seconds("disk", 1, 70_000, 65_000, 76_000),
        seconds("disk", 2, 74_000, 60_000, 79_000));
    assertEquals("12.12–15.29", Rounds.ratio(pmem, slower), "seconds apart too: measured");
    List<PhaseResult> pmemRounds = List.of(r("pmem", 1, 1_070_066, 9), r("pmem", 2, 896_699, 9));
    List<PhaseResult> diskRounds = List.of(r("disk", 1, 1_474_113, 9), r("disk", 2, 1_522_231, 9));
    assertEquals("0.59–0.73", Rounds.ratio(pmemRounds, diskRounds), "without timelines, the rounds alone");
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
