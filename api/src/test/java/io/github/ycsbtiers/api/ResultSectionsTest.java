package io.github.ycsbtiers.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResultSectionsTest {
  @AfterEach
  void forget() {
    ResultSections.clear();
  }

  @Test
  void keepsMeasurementOrderAndReplacesASectionOfTheSameName() {
    ResultSections.publish(ResultSection.builder("TIER").add("DramHits", 1L).build());
    ResultSections.publish(ResultSection.builder("OTHER").add("X", 2.5).build());
    ResultSections.publish(ResultSection.builder("TIER").add("DramHits", 7L).add("Medium", "pmem").build());

    List<ResultSection> sections = ResultSections.published();
    assertEquals(List.of("TIER", "OTHER"), sections.stream().map(ResultSection::name).toList());
    assertEquals(List.of("DramHits", "Medium"), List.copyOf(sections.get(0).values().keySet()));
    assertEquals(7L, sections.get(0).values().get("DramHits"));
    assertEquals("pmem", sections.get(0).values().get("Medium"));
  }

  @Test
  void refusesNamesThatWouldBreakTheTextFormat() {
    assertThrows(IllegalArgumentException.class, () -> ResultSection.builder("A,B"));
    assertThrows(IllegalArgumentException.class, () -> ResultSection.builder("TIER").add("", 1L));
  }
}
