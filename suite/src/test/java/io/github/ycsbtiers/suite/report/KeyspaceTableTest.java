package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** rta-mix's per-keyspace p99 and p99.99 are rows of a table, each round's figures a range. */
class KeyspaceTableTest {
  private static PhaseResult readMix(int round, String hashP9999) {
    return new PhaseResult("r", "2:7:1", "read-mix", 1000, 5000.0, 100.0, 900.0, null, null, null, null, null, null,
        200, null, Map.of("round", Integer.toString(round), "KEYSPACE-hash.operations", "200",
        "KEYSPACE-hash.p99_us", "700", "KEYSPACE-hash.p99.99_us", hashP9999, "KEYSPACE-small.operations", "800",
        "KEYSPACE-small.p99_us", "500", "KEYSPACE-small.p99.99_us", "1500", "TOTAL.p99_us", "650",
        "TOTAL.p99.99_us", "2500"), List.of());
  }

  @Test
  void aRowPerKeyspaceAndOneForAll() {
    Summary s = new Summary("rta-mix", "d", "keys", TableLayout.PHASE_ROWS, "2026-11-26T10:00:00Z",
        List.of(new Summary.Target("r", "redis")), "complete", List.of(readMix(1, "2100"), readMix(2, "2400")),
        List.of());
    String md = KeyspaceTable.markdown(s);
    assertEquals(String.join("\n", "## Per-keyspace latency", "",
        "| target | group | phase | keyspace | operations | p99 (us) | p99.99 (us) |",
        "|---|---|---|---|---:|---:|---:|",
        "| r | 2:7:1 | read-mix | hash | 200 | 700 | 2100–2400 |",
        "| r | 2:7:1 | read-mix | small | 800 | 500 | 1500 |",
        "| r | 2:7:1 | read-mix | all | - | 650 | 2500 |", ""), md);
    assertTrue(new MarkdownFormat().render(s).contains(md), "part of summary.md");
  }

  @Test
  void noTemplateWorkloadNoTable() {
    Summary s = SummaryFormatsTest.sample();
    assertEquals("", KeyspaceTable.markdown(s));
  }
}
