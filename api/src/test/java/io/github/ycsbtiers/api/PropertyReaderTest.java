package io.github.ycsbtiers.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Defaults, ranges and the one message form of every typed read. */
class PropertyReaderTest {
  private enum Mode { FAST, SAFE_MODE }

  private static PropertyReader reader(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return new PropertyReader(p);
  }

  private static String refused(Executable read) {
    PropertyException e = assertThrows(PropertyException.class, read);
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void wholeNumbers() {
    assertEquals(5_120_000_000L, reader("n", "5_120_000_000").longValue("n", 0, 0, Long.MAX_VALUE));
    assertEquals(7, reader("n", " 7 ").intValue("n", 1, 1, 10));
    assertEquals(3, reader().intValue("n", 3, 1, 10));
    assertEquals("invalid value '-1' for property 'n': allowed a whole number >= 0",
        refused(() -> reader("n", "-1").longValue("n", 0, 0, Long.MAX_VALUE)));
    assertEquals("invalid value '11' for property 'n': allowed a whole number from 1 to 10",
        refused(() -> reader("n", "11").intValue("n", 1, 1, 10)));
    assertEquals("invalid value '99999999999999999999' for property 'n': allowed a whole number >= 0",
        refused(() -> reader("n", "99999999999999999999").longValue("n", 0, 0, Long.MAX_VALUE)));
    assertEquals("invalid value '3000000000' for property 'n': allowed a whole number from 1 to 2147483647",
        refused(() -> reader("n", "3000000000").intValue("n", 1, 1, Integer.MAX_VALUE)));
    for (String bad : List.of("abc", "1.5", "1e3", "", "_1")) {
      assertTrue(refused(() -> reader("n", bad).longValue("n", 0, 0, 9)).startsWith("invalid value '" + bad + "'"));
    }
  }

  @Test
  void numbers() {
    assertEquals(0.5, reader("x", ".5").doubleValue("x", 0, 0, 1));
    assertEquals(0.25, reader().doubleValue("x", 0.25, 0, 1));
    assertEquals("invalid value 'NaN' for property 'x': allowed a number from 0 to 1",
        refused(() -> reader("x", "NaN").doubleValue("x", 0, 0, 1)));
    assertEquals("invalid value '-0.5' for property 'x': allowed a number >= 0",
        refused(() -> reader("x", "-0.5").doubleValue("x", 0, 0, Double.MAX_VALUE)));
  }

  @Test
  void booleans() {
    assertTrue(reader("b", "TRUE").bool("b", false));
    assertFalse(reader().bool("b", false));
    assertEquals("invalid value 'yes' for property 'b': allowed true or false",
        refused(() -> reader("b", "yes").bool("b", false)));
  }

  @Test
  void sizes() {
    assertEquals(8L << 30, reader("m", "8g").bytes("m", 0, 0, Long.MAX_VALUE));
    assertEquals(1L << 30, reader("m", "1_073_741_824").bytes("m", 0, 0, Long.MAX_VALUE));
    assertEquals("invalid value '-5g' for property 'm': allowed a whole number of bytes >= 0, or with k, m, g or t"
        + " (powers of 1024) such as 512m or 8g", refused(() -> reader("m", "-5g").bytes("m", 0, 0, Long.MAX_VALUE)));
    assertTrue(refused(() -> reader("m", "2k").bytes("m", 0, 0, 1024)).contains("from 0 to 1024"));
    assertTrue(refused(() -> reader("m", "99999999t").bytes("m", 0, 0, Long.MAX_VALUE)).startsWith(
        "invalid value '99999999t'"));
  }

  @Test
  void durations() {
    assertEquals(500, reader("t", "500ms").duration("t", 2000, TimeUnit.MILLISECONDS, 1, 60_000));
    assertEquals(30_000, reader("t", "30s").duration("t", 2000, TimeUnit.MILLISECONDS, 1, 60_000));
    assertEquals(2000, reader().duration("t", 2000, TimeUnit.MILLISECONDS, 1, 60_000));
    assertEquals(120, reader("t", "2m").duration("t", 0, TimeUnit.SECONDS, 0, 86_400));
    assertEquals("invalid value '1.5' for property 't': allowed a whole number of milliseconds from 1 to 60000, or"
        + " a number with ms, s, m or h such as 500ms or 1.5s",
        refused(() -> reader("t", "1.5").duration("t", 2000, TimeUnit.MILLISECONDS, 1, 60_000)));
    assertTrue(refused(() -> reader("t", "2m").duration("t", 2000, TimeUnit.MILLISECONDS, 1, 60_000))
        .startsWith("invalid value '2m' for property 't': "));
    assertTrue(refused(() -> reader("t", "-1").duration("t", 0, TimeUnit.SECONDS, 0, 86_400))
        .startsWith("invalid value '-1' for property 't': "));
    assertEquals(100_000_000L, reader("t", "0.1").duration("t", 1, TimeUnit.SECONDS, TimeUnit.NANOSECONDS,
        50_000_000, Long.MAX_VALUE));
  }

  @Test
  void choices() {
    assertEquals("b", reader("c", " b ").choice("c", "a", "a", "b"));
    assertEquals("invalid value 'B' for property 'c': allowed one of a, b", refused(() -> reader("c", "B")
        .choice("c", "a", "a", "b")));
    assertEquals(Mode.SAFE_MODE, reader("m", "Safe_Mode").choice("m", Mode.class, Mode.FAST));
    assertEquals(Mode.FAST, reader().choice("m", Mode.class, Mode.FAST));
    assertEquals("invalid value 'slow' for property 'm': allowed one of fast, safe_mode",
        refused(() -> reader("m", "slow").choice("m", Mode.class, Mode.FAST)));
  }

  @Test
  void aBlankValueIsAValueUnlessTheReaderSaysOtherwise() {
    assertTrue(refused(() -> reader("n", " ").longValue("n", 3, 0, 9)).startsWith("invalid value ' '"));
    Properties p = new Properties();
    p.setProperty("n", " ");
    PropertyReader lenient = PropertyReader.blankAsUnset(p);
    assertEquals(3, lenient.longValue("n", 3, 0, 9));
    assertFalse(lenient.isSet("n"));
    assertTrue(new PropertyReader(p).isSet("n"));
    assertEquals("d", lenient.string("n", "d"));
  }

  @Test
  void reportsTheDefaultsItApplies() {
    Properties set = new Properties();
    set.setProperty("given", "1");
    PropertyDefaults p = new PropertyDefaults(set);
    PropertyReader r = new PropertyReader(p);
    r.longValue("given", 0, 0, 9);
    r.longValue("count", 4, 0, 9);
    r.duration("timeout", 2000, TimeUnit.MILLISECONDS, 1, 60_000);
    r.duration("interval", 10_000_000_000L, TimeUnit.SECONDS, TimeUnit.NANOSECONDS, 1, Long.MAX_VALUE);
    r.choice("mode", Mode.class, Mode.SAFE_MODE);
    r.bool("flag", true);
    assertEquals(Map.of("count", "4", "timeout", "2000", "interval", "10", "mode", "safe_mode", "flag", "true"),
        p.applied());
  }

  @Test
  void theExceptionKeepsItsParts() {
    PropertyException e = PropertyException.badValue("p", "v", "w");
    assertEquals("p", e.property());
    assertEquals("v", e.value());
    assertEquals("w", e.allowed());
    assertNull(new PropertyException("two properties disagree").property());
    assertEquals("unknown property 'redis.timout': allowed redis.timeout",
        PropertyException.unknownNames(List.of("redis.timout"), "redis.timeout").getMessage());
    assertEquals("unknown properties 'a.x', 'a.y': allowed a.z",
        PropertyException.unknownNames(List.of("a.y", "a.x"), "a.z").getMessage());
  }
}
