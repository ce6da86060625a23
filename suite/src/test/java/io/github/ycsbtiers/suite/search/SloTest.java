package io.github.ycsbtiers.suite.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SloTest {

  @Test
  void parsesEachForm() {
    Slo a = Slo.parse("p99<1ms");
    assertEquals(Slo.Kind.INTENDED, a.kind());
    assertEquals(99, a.percentile());
    assertEquals(1000, a.boundUs());
    assertEquals("p99", a.percentileName());
    assertEquals("intended p99 < 1000 us", a.describe());
    Slo b = Slo.parse("op:p99.9<500us");
    assertEquals(Slo.Kind.OP, b.kind());
    assertEquals(99.9, b.percentile());
    assertEquals(500, b.boundUs());
    assertEquals("p99.9", b.percentileName());
    Slo c = Slo.parse("intended:p99.99 < 0.5s");
    assertEquals(Slo.Kind.INTENDED, c.kind());
    assertEquals(500_000, c.boundUs());
    assertTrue(a.met(999) && !a.met(1000));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "p99", "p99<", "p99<1", "p99<1min", "99<1ms", "p100<1ms", "p0<1ms", "p99>1ms",
      "p99<0ms", "lag:p99<1ms", "p99<-1ms", "p99<1ms,p50<1ms"})
  void refusesMalformedBounds(String bad) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Slo.parse(bad));
    assertTrue(e.getMessage().contains("p99<1ms"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }
}
