package io.github.ycsbtiers.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecordLayoutTest {
  /** field0="ab", f1="" in layout version 1: the specification in RecordLayout's javadoc, byte by byte. */
  private static final String GOLDEN = "01" + "0002"
      + "0006" + "6669656c6430" + "00000002" + "6162"
      + "0002" + "6631" + "00000000";

  private static Map<String, byte[]> fields(String... nameValue) {
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1].getBytes(StandardCharsets.UTF_8));
    }
    return m;
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void encodesTheGoldenSample() {
    assertEquals(GOLDEN, HexFormat.of().formatHex(RecordLayout.encode(fields("field0", "ab", "f1", ""))));
  }

  @Test
  void decodesTheGoldenSampleInStoredOrder() {
    Map<String, byte[]> back = RecordLayout.decode(HexFormat.of().parseHex(GOLDEN));
    assertEquals(List.of("field0", "f1"), List.copyOf(back.keySet()));
    assertEquals("ab", text(back.get("field0")));
    assertEquals("", text(back.get("f1")));
  }

  @Test
  void decodesOnlyTheWantedFields() {
    byte[] record = RecordLayout.encode(fields("a", "1", "b", "22", "c", "333"));
    Map<String, byte[]> some = RecordLayout.decode(record, Set.of("c", "a", "missing"));
    assertEquals(List.of("a", "c"), List.copyOf(some.keySet()));
    assertEquals("333", text(some.get("c")));
  }

  @Test
  void mergeKeepsUntouchedFieldsAndOrder() {
    byte[] record = RecordLayout.encode(fields("a", "1", "b", "2"));
    Map<String, byte[]> merged = RecordLayout.decode(RecordLayout.merge(record, fields("b", "new", "z", "9")));
    assertEquals(List.of("a", "b", "z"), List.copyOf(merged.keySet()));
    assertEquals("1", text(merged.get("a")));
    assertEquals("new", text(merged.get("b")));
    assertArrayEquals("9".getBytes(StandardCharsets.UTF_8), merged.get("z"));
  }

  @Test
  void refusesBytesThatAreNotARecord() {
    byte[] good = HexFormat.of().parseHex(GOLDEN);
    assertThrows(IllegalArgumentException.class, () -> RecordLayout.decode("plain value".getBytes(StandardCharsets.UTF_8)));
    assertThrows(IllegalArgumentException.class, () -> RecordLayout.decode(java.util.Arrays.copyOf(good, good.length - 1)));
    assertThrows(IllegalArgumentException.class, () -> RecordLayout.decode(java.util.Arrays.copyOf(good, good.length + 1)));
  }
}
