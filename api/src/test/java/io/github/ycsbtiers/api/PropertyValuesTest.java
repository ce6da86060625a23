package io.github.ycsbtiers.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one syntax: each rule's accepted and refused texts. */
class PropertyValuesTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "0|0", "42|42", "+7|7", "-3|-3", "' 12 '|12", "5_120_000_000|5120000000", "1__000|1000",
      "9223372036854775807|9223372036854775807", "-9223372036854775808|-9223372036854775808"})
  void wholeNumbers(String text, long expected) {
    assertEquals(OptionalLong.of(expected), PropertyValues.wholeNumber(text));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", " ", "abc", "1.5", "1e3", "1.0", "0x10", "_1", "1_", "1_ 000", "1 000", "--1",
      "9223372036854775808", "-9223372036854775809", "99999999999999999999", "12q", "1k"})
  void notWholeNumbers(String text) {
    assertEquals(OptionalLong.empty(), PropertyValues.wholeNumber(text));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "0.95|0.95", ".5|0.5", "5.|5", "-0.5|-0.5", "1e-3|0.001", "2E2|200", "1_000.5|1000.5", "100|100"})
  void decimals(String text, double expected) {
    assertEquals(OptionalDouble.of(expected), PropertyValues.decimal(text));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", "abc", "NaN", "Infinity", "-Infinity", "1e999", "1.5d", "1.5f", "0x1p3", "1._5",
      "1.2.3", "e5", "."})
  void notDecimals(String text) {
    assertEquals(OptionalDouble.empty(), PropertyValues.decimal(text));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {"true|true", "FALSE|false", "' True '|true"})
  void booleans(String text, boolean expected) {
    assertEquals(Optional.of(expected), PropertyValues.bool(text));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", "yes", "1", "maybe", "on"})
  void notBooleans(String text) {
    assertEquals(Optional.empty(), PropertyValues.bool(text));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "0|0", "1073741824|1073741824", "1k|1024", "512m|536870912", "8g|8589934592", "8G|8589934592",
      "2t|2199023255552", "1_024m|1073741824", "8388607t|9223370937343148032"})
  void byteCounts(String text, long expected) {
    assertEquals(OptionalLong.of(expected), PropertyValues.byteCount(text));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", "abc", "-1", "-5g", "12q", "1.5g", "g", "1 g", "1kb", "8388608t",
      "9223372036854775808"})
  void notByteCounts(String text) {
    assertEquals(OptionalLong.empty(), PropertyValues.byteCount(text));
  }

  @ParameterizedTest(name = "{0} in {1}")
  @CsvSource(delimiter = '|', value = {
      "500|MILLISECONDS|MILLISECONDS|500", "500ms|MILLISECONDS|MILLISECONDS|500", "2s|MILLISECONDS|MILLISECONDS|2000",
      "1.5s|MILLISECONDS|MILLISECONDS|1500", "1m|MILLISECONDS|MILLISECONDS|60000", "1h|SECONDS|SECONDS|3600",
      "30|SECONDS|SECONDS|30", "2m|SECONDS|SECONDS|120", "1_000ms|SECONDS|SECONDS|1", "1.0|MILLISECONDS|MILLISECONDS|1",
      "0.05|SECONDS|NANOSECONDS|50000000", "100ms|SECONDS|NANOSECONDS|100000000", "2MS|MILLISECONDS|MILLISECONDS|2"})
  void durations(String text, TimeUnit unit, TimeUnit resolution, long expected) {
    assertEquals(OptionalLong.of(expected), PropertyValues.duration(text, unit, resolution));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", "abc", "-1", "-1s", "1.5", "1500us", "1d", "s", "1 s", "1e3", "0.5ms",
      "9223372036854775808", "999999999999999999h"})
  void notDurationsOfWholeMilliseconds(String text) {
    assertEquals(OptionalLong.empty(), PropertyValues.duration(text, TimeUnit.MILLISECONDS, TimeUnit.MILLISECONDS));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"500ms", "1.5", "0.5s"})
  void notWholeSeconds(String text) {
    assertEquals(OptionalLong.empty(), PropertyValues.duration(text, TimeUnit.SECONDS, TimeUnit.SECONDS));
  }

  @org.junit.jupiter.api.Test
  void rangesInWords() {
    assertEquals("a whole number from 1 to 65535", PropertyValues.wholeRange(1, 65535));
    assertEquals("a whole number >= 0", PropertyValues.wholeRange(0, Long.MAX_VALUE));
    assertEquals("a number from 0 to 1", PropertyValues.decimalRange(0, 1));
    assertEquals("a number >= 0.5", PropertyValues.decimalRange(0.5, Double.MAX_VALUE));
    assertEquals("a whole number of bytes >= 0, or with k, m, g or t (powers of 1024) such as 512m or 8g",
        PropertyValues.sizeRange(0, Long.MAX_VALUE));
    assertEquals("a whole number of milliseconds from 1 to 3600000, or a number with ms, s, m or h such as 500ms"
        + " or 1.5s", PropertyValues.durationRange(TimeUnit.MILLISECONDS, TimeUnit.MILLISECONDS, 1, 3_600_000));
    assertEquals("a number of seconds from 0.05 to 86400, or a number with ms, s, m or h such as 500ms or 1.5s",
        PropertyValues.durationRange(TimeUnit.SECONDS, TimeUnit.NANOSECONDS, 50_000_000, 86_400_000_000_000L));
    assertTrue(PropertyValues.durationRange(TimeUnit.SECONDS, TimeUnit.SECONDS, 0, Long.MAX_VALUE)
        .startsWith("a whole number of seconds >= 0, "));
  }
}
