package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one table shape of the step reports: alignment per column, escaped cells, a step's timeline link. */
class SectionTableTest {
  @Test
  void eachColumnIsAlignedAsSaidAndAPipeInACellIsEscaped() {
    StringBuilder md = new StringBuilder();
    new SectionTable("lrl", "target", "rate", "why").row("a", SectionTable.rate(12_345.6), "x | y").markdown(md);
    assertEquals("| target | rate | why |\n|---|---:|---|\n| a | 12,346 | x \\| y |\n", md.toString());
    assertThrows(IllegalArgumentException.class, () -> new SectionTable("lr", "one"));
    assertThrows(IllegalArgumentException.class, () -> new SectionTable("l", "one").row("a", "b"));
  }

  @Test
  void aReportLinksItsTimelineWhereThereIsOne() {
    Map<String, String> timelines = Map.of("raw/p/01.txt", "charts/timeline-p-01.png");
    assertEquals("raw/p/01.txt ([timeline](charts/timeline-p-01.png))", SectionTable.report("raw/p/01.txt", timelines));
    assertEquals("raw/p/02.txt", SectionTable.report("raw/p/02.txt", timelines));
    assertEquals("-", SectionTable.micros(-1.0));
    assertEquals("-", SectionTable.micros(null));
    assertEquals("-", SectionTable.micros(Double.NaN));
    assertEquals("1,500", SectionTable.micros(1_500.0));
  }
}
