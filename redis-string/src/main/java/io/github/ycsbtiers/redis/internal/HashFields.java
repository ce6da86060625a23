package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code hash} group's field names and values, whichever client sends them: the workload's
 * field names encoded once, the field-to-value map of an HSET, and the outcome of an HMGET.
 */
final class HashFields {
  private final Map<String, byte[]> knownNames = new HashMap<>();

  HashFields(RedisOptions options) {
    for (int i = 0; i < options.fieldCount(); i++) {
      knownNames.put(options.fieldName(i), options.fieldName(i).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The bytes of a field name; the workload's own names are encoded once, others per call. */
  byte[] name(String field) {
    byte[] known = knownNames.get(field);
    return known != null ? known : field.getBytes(StandardCharsets.UTF_8);
  }

  /** The HSET arguments of {@code values}, in their order. */
  Map<byte[], byte[]> encode(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> fields = new LinkedHashMap<>((int) (values.size() / 0.75f) + 1);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      fields.put(name(v.getKey()), v.getValue().toArray());
    }
    return fields;
  }

  /** The HMGET arguments of {@code fields}, in their iteration order. */
  byte[][] names(Set<String> fields) {
    byte[][] names = new byte[fields.size()][];
    int i = 0;
    for (String f : fields) {
      names[i++] = name(f);
    }
    return names;
  }

  /**
   * Puts the values an HMGET of {@code fields} returned ({@code valueAt(i)} for the i-th field in
   * iteration order, null when absent) into {@code result}. HMGET cannot tell a missing key from
   * missing fields; neither holds the data asked for, so no value at all is NOT_FOUND.
   */
  static Status fill(Set<String> fields, IntFunction<byte[]> valueAt, Map<String, ByteIterator> result) {
    boolean any = false;
    int i = 0;
    for (String f : fields) {
      byte[] v = valueAt.apply(i++);
      if (v != null) {
        result.put(f, new ByteArrayByteIterator(v));
        any = true;
      }
    }
    return any ? Status.OK : Status.NOT_FOUND;
  }
}
