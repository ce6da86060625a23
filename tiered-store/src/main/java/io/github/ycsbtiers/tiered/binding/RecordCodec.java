package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.RecordLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Records as stored values, as the {@code redis-string} binding's string group stores them: with
 * {@code fieldcount=1} the value is the field's bytes (its name, {@code <fieldnameprefix>0}, is
 * not stored); with more fields it is {@link RecordLayout}. Immutable.
 */
final class RecordCodec {
  private final FieldNames names;
  private final boolean single;
  private final String singleName;

  RecordCodec(int fieldCount, String fieldNamePrefix) {
    this.names = new FieldNames(fieldCount, fieldNamePrefix);
    this.single = fieldCount == 1;
    this.singleName = names.name(0);
  }

  /** @throws PropertyException for a {@code fieldcount} that is not a positive integer (upstream's client does not check it) */
  static RecordCodec fromProperties(Properties p) {
    PropertyReader r = new PropertyReader(p);
    return new RecordCodec(r.intValue("fieldcount", 10, 1, Integer.MAX_VALUE), p.getProperty("fieldnameprefix", "field"));
  }

  /**
   * Whether an update of {@code values} must read the record first: only with several fields per
   * record and an update that does not write every one of them.
   */
  boolean merges(Map<String, ByteIterator> values) {
    return !single && !names.allIn(values);
  }

  /**
   * The stored value of a whole record (or, with one field per record, of an update).
   *
   * @throws IllegalArgumentException for several fields when records have one
   */
  byte[] encode(Map<String, ByteIterator> values) {
    if (!single) {
      return RecordLayout.encode(toBytes(values));
    }
    if (values.size() != 1) {
      throw new IllegalArgumentException("fieldcount=1 stores one field per record, got " + values.size());
    }
    return values.values().iterator().next().toArray();
  }

  /** {@code stored} with {@code values} written over it (multi-field records only). */
  byte[] merge(byte[] stored, Map<String, ByteIterator> values) {
    return RecordLayout.merge(stored, toBytes(values));
  }

  /** Puts the {@code fields} of a stored record (all when null) into {@code result}. */
  void decode(byte[] stored, Set<String> fields, Map<String, ByteIterator> result) {
    if (single) {
      if (fields == null || fields.contains(singleName)) {
        result.put(singleName, new ByteArrayByteIterator(stored));
      }
      return;
    }
    for (Map.Entry<String, byte[]> f : RecordLayout.decode(stored, fields).entrySet()) {
      result.put(f.getKey(), new ByteArrayByteIterator(f.getValue()));
    }
  }

  private static Map<String, byte[]> toBytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> bytes = new LinkedHashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      bytes.put(v.getKey(), v.getValue().toArray());
    }
    return bytes;
  }
}
