package io.github.ycsbtiers.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldNamesTest {
  @Test
  void namesAsTheCoreWorkloadMakesThem() {
    FieldNames names = new FieldNames(3, "field");
    assertEquals(3, names.count());
    assertEquals("field2", names.name(2));
  }

  @Test
  void tellsAWriteOfEveryFieldFromAPartialOne() {
    FieldNames names = new FieldNames(3, "f");
    assertTrue(names.allIn(Map.of("f0", 1, "f1", 1, "f2", 1)));
    assertTrue(names.allIn(Map.of("f0", 1, "f1", 1, "f2", 1, "extra", 1)));
    assertFalse(names.allIn(Map.of("f0", 1, "f2", 1)));
    assertFalse(names.allIn(Map.of("f0", 1, "f1", 1, "other", 1)));
  }

  @Test
  void refusesARecordWithoutFields() {
    assertThrows(IllegalArgumentException.class, () -> new FieldNames(0, "field"));
  }
}
