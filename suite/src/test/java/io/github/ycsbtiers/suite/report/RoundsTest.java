package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * --rounds: QPS and p99 cells as the geometric mean and its 95% interval from three rounds on,
 * min–max below; ratios of paired rounds with their interval, marked ~ where it holds 1.
 */
class RoundsTest {
  private static PhaseResult r(String target, int round, double qps, double p99) {
    return new PhaseResult(target, "1:4", "uniform-read", 1000, qps, 10.0, p99, 10.0, p99, null, null, 0.25, "TIER",
        1000, null, round == 0 ? Map.of() : Map.of("round", Integer.toString(round)), List.of());
  }

  private static Summary summary(List<PhaseResult> results) {
    return new Summary("tier-ratio", "d", "memory:data", TableLayout.PHASE_ROWS, "2026-11-26T10:00:00Z",
        List.of(new Summary.Target("pmem", "tiered"), new Summary.Target("disk", "tiered")), "complete", results,
        List.of());
  }

  private static String ratio(List<PhaseResult> pmem, List<PhaseResult> disk) {
    List<PhaseResult> all = new ArrayList<>(pmem);
    all.addAll(disk);
    return Rounds.ratio(RoundFigures.of(summary(all)).ratio("disk", "1:4", "uniform-read"));
  }

  @Test
  void twoRoundsAreTheMinAndMaxAndOneValueWhenTheyAgree() {
    List<PhaseResult> rounds = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 1500.4, 9.2));
    assertEquals("1500–2000", Rounds.range(rounds, PhaseResult::throughput, Numbers::whole));
    assertEquals("9", Rounds.range(rounds, PhaseResult::p99Us, Numbers::whole), "equal to the printed digit");
    assertEquals("-", Rounds.range(rounds, PhaseResult::updateP99Us, Numbers::whole));
    RoundFigures.Cell cell = RoundFigures.of(summary(rounds)).cell("pmem", "1:4", "uniform-read");
    assertEquals("1500–2000", Rounds.figure(rounds, cell.throughput(), PhaseResult::throughput, Numbers::whole),
        "two rounds: no interval, the min–max");
  }

  @Test
  void threeRoundsAreTheGeometricMeanAndItsInterval() {
    // 1000, 2000, 4000: geometric mean 2000, exp(ln 2000 ± 4.303 · ln 2 / sqrt 3) = 357-11190
    List<PhaseResult> rounds = List.of(r("pmem", 1, 1000, 9), r("pmem", 2, 2000, 11), r("pmem", 3, 4000, 10));
    RoundFigures.Cell cell = RoundFigures.of(summary(rounds)).cell("pmem", "1:4", "uniform-read");
    assertEquals(3, cell.rounds());
    assertEquals("2000 (357–11190)", Rounds.figure(rounds, cell.throughput(), PhaseResult::throughput, Numbers::whole));
    assertEquals("10 (8–13)", Rounds.figure(rounds, cell.p99Us(), PhaseResult::p99Us, Numbers::whole));
    assertEquals("1000–4000", Rounds.range(rounds, PhaseResult::throughput, Numbers::whole), "other figures: min–max");
  }

  @Test
  void aRatioIsThePairedRoundsGeometricMeanWithItsInterval() {
    // per-round ratios 8.1, 8.18, 8.0, 8.24: 8.13 (7.97-8.29), far from 1: no mark
    List<PhaseResult> pmem = List.of(r("pmem", 1, 8100, 9), r("pmem", 2, 9000, 9), r("pmem", 3, 7600, 9),
        r("pmem", 4, 8400, 9));
    List<PhaseResult> disk = List.of(r("disk", 1, 1000, 90), r("disk", 2, 1100, 90), r("disk", 3, 950, 90),
        r("disk", 4, 1020, 90));
    assertEquals("8.13x (7.97–8.29)", ratio(pmem, disk));
    // ratios 0.8, 1.5, 0.96: 1.05 (0.47-2.34) holds 1
    List<PhaseResult> a = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 3000, 9), r("pmem", 3, 2500, 9));
    List<PhaseResult> b = List.of(r("disk", 1, 2500, 9), r("disk", 2, 2000, 9), r("disk", 3, 2600, 9));
    assertEquals("1.05x (0.47–2.34) ~", ratio(a, b));
    RoundFigures.Ratio same = RoundFigures.of(summary(List.of(a.get(0), a.get(1), a.get(2), b.get(0), b.get(1),
        b.get(2)))).ratio("disk", "1:4", "uniform-read");
    assertFalse(same.different());
  }

  @Test
  void roundsArePairedByNumberNotByOrder() {
    // disk's rounds listed 3, 1, 2; pmem has no round 4 partner: three pairs of exactly 2x
    List<PhaseResult> pmem = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 4000, 9), r("pmem", 3, 3000, 9),
        r("pmem", 4, 9999, 9));
    List<PhaseResult> disk = List.of(r("disk", 3, 1500, 9), r("disk", 1, 1000, 9), r("disk", 2, 2000, 9));
    assertEquals("2.00x (2.00–2.00)", ratio(pmem, disk));
  }

  @Test
  void belowThreeRoundsARatioSaysItHasNoInterval() {
    // sqrt(2000 / 1500 · 3000 / 2600) = 1.24
    assertEquals("1.24x (2 rounds: no interval)", ratio(List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 3000, 9)),
        List.of(r("disk", 1, 1500, 9), r("disk", 2, 2600, 9))));
    assertEquals("2.00x", ratio(List.of(r("pmem", 0, 2000, 9)), List.of(r("disk", 0, 1000, 9))), "one round");
    RoundFigures.Ratio none = RoundFigures.of(summary(List.of(r("pmem", 1, 2000, 9)))).ratio("disk", "1:4",
        "uniform-read");
    assertNull(none, "disk has no result in the cell");
    assertEquals("-", Rounds.ratio(none));
  }

  @Test
  void theTablesShowIntervalsAndTheSideBySideRatio() {
    List<PhaseResult> results = List.of(r("pmem", 1, 2000, 9), r("pmem", 2, 3000, 11), r("pmem", 3, 2500, 10),
        r("disk", 1, 2500, 90), r("disk", 2, 2000, 95), r("disk", 3, 2600, 92));
    String md = new MarkdownFormat().render(summary(results));
    assertTrue(md.contains("| 1:4 | uniform-read | 2466 (1489–4084) | 10.0 | 10 (8–13) | 10.0 | 9–11 | - | - | 0.25 |"),
        md);
    assertTrue(md.contains("| 1:4 | uniform-read | 2466 (1489–4084) | 2351 (1654–3342) | 1.05x (0.47–2.34) ~ "
        + "| 10 (8–13) | 92 (86–99) |"), md);
    assertEquals(1, md.lines().filter(l -> l.startsWith("| 1:4 | uniform-read | 2466 (1489–4084) | 10.0")).count(),
        "one row per cell, not per round");
  }
}
