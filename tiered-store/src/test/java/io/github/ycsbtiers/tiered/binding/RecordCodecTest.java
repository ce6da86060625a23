package io.github.ycsbtiers.tiered.binding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbtiers.api.RecordLayout;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.StringByteIterator;

/** Stored values as redis-string's string group writes them: raw for one field, RecordLayout for more. */
class RecordCodecTest {

  private static Map<String, ByteIterator> values(String... pairs) {
    Map<String, ByteIterator> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], new StringByteIterator(pairs[i + 1]));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> result) {
    Map<String, String> m = new HashMap<>();
    result.forEach((k, v) -> m.put(k, v.toString()));
    return m;
  }

  @Test
  void oneFieldIsStoredAsItsBytes() {
    RecordCodec codec = new RecordCodec(1, "field");
    byte[] stored = codec.encode(values("field0", "hello"));
    assertArrayEquals("hello".getBytes(StandardCharsets.UTF_8), stored);
    Map<String, ByteIterator> all = new HashMap<>();
    codec.decode(stored, null, all);
    assertEquals(Map.of("field0", "hello"), strings(all));
    Map<String, ByteIterator> named = new HashMap<>();
    codec.decode(stored, Set.of("field0"), named);
    assertEquals(Map.of("field0", "hello"), strings(named));
    Map<String, ByteIterator> other = new HashMap<>();
    codec.decode(stored, Set.of("field7"), other);
    assertEquals(Map.of(), strings(other));
  }

  @Test
  void oneFieldRecordsTakeOneField() {
    RecordCodec codec = new RecordCodec(1, "f");
    assertThrows(IllegalArgumentException.class, () -> codec.encode(values("f0", "a", "f1", "b")));
  }

  @Test
  void severalFieldsUseRecordLayout() {
    RecordCodec codec = new RecordCodec(3, "field");
    Map<String, ByteIterator> v = values("field0", "a", "field1", "bb", "field2", "ccc");
    byte[] stored = codec.encode(v);
    Map<String, byte[]> expected = new LinkedHashMap<>();
    expected.put("field0", "a".getBytes(StandardCharsets.UTF_8));
    expected.put("field1", "bb".getBytes(StandardCharsets.UTF_8));
    expected.put("field2", "ccc".getBytes(StandardCharsets.UTF_8));
    assertArrayEquals(RecordLayout.encode(expected), stored);

    Map<String, ByteIterator> some = new HashMap<>();
    codec.decode(stored, Set.of("field1", "field9"), some);
    assertEquals(Map.of("field1", "bb"), strings(some));
  }

  @Test
  void mergeWritesSomeFieldsOverTheRecord() {
    RecordCodec codec = new RecordCodec(3, "field");
    byte[] stored = codec.encode(values("field0", "a", "field1", "bb", "field2", "ccc"));
    byte[] merged = codec.merge(stored, values("field1", "XY"));
    Map<String, ByteIterator> all = new HashMap<>();
    codec.decode(merged, null, all);
    assertEquals(Map.of("field0", "a", "field1", "XY", "field2", "ccc"), strings(all));
  }

  @Test
  void propertiesChooseTheForm() {
    java.util.Properties p = new java.util.Properties();
    assertEquals(true, RecordCodec.fromProperties(p).merges(values("field1", "x"))); // core's default: 10 fields
    p.setProperty("fieldcount", "1");
    assertEquals(false, RecordCodec.fromProperties(p).merges(values("field0", "x")));
  }

  @Test
  void anUpdateOfEveryFieldNeedsNoRead() {
    RecordCodec codec = new RecordCodec(3, "field");
    assertEquals(false, codec.merges(values("field0", "a", "field1", "b", "field2", "c")));
    assertEquals(true, codec.merges(values("field0", "a", "field2", "c")));
    assertEquals(true, codec.merges(values("field0", "a", "field1", "b", "other", "c")));
  }

  @Test
  void aFieldCountThatIsNotAPositiveIntegerIsNamed() {
    for (String bad : new String[] {"abc", "0", "-2", "1.5"}) {
      java.util.Properties p = new java.util.Properties();
      p.setProperty("fieldcount", bad);
      io.github.ycsbtiers.api.PropertyException e = org.junit.jupiter.api.Assertions.assertThrows(
          io.github.ycsbtiers.api.PropertyException.class, () -> RecordCodec.fromProperties(p));
      assertEquals("invalid value '" + bad + "' for property 'fieldcount': allowed a whole number from 1 to 2147483647",
          e.getMessage());
    }
  }
}
