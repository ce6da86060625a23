package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group's values, whichever client sends them: with {@code fieldcount=1} the
 * field's bytes, otherwise every field in the api's {@link RecordLayout}. Encodes a whole record
 * for SET, decodes a GET's value into YCSB's result, and merges a partial update into the record
 * its GET returned.
 */
final class StringRecordCodec {
  private final boolean raw;
  private final String field;
  private final FieldNames fieldNames;

  StringRecordCodec(RedisOptions options) {
    this.raw = options.fieldCount() == 1;
    this.field = options.fieldName(0);
    this.fieldNames = options.fieldNames();
  }

  /** The value to SET for {@code values}; null (BAD_REQUEST) for a one-field record given other fields. */
  byte[] encode(Map<String, ByteIterator> values) {
    if (raw) {
      // a record of one field has nowhere to keep other fields
      ByteIterator v = values.size() == 1 ? values.get(field) : null;
      return v == null ? null : v.toArray();
    }
    return RecordLayout.encode(fields(values));
  }

  /**
   * Puts the requested fields ({@code null}: all) of a GET's value into {@code result}: NOT_FOUND
   * without a value, UNEXPECTED_STATE for one that is not a record.
   */
  Status decode(byte[] value, Set<String> fields, Map<String, ByteIterator> result) {
    if (value == null) {
      return Status.NOT_FOUND;
    }
    if (raw) {
      if (fields == null || fields.contains(field)) {
        result.put(field, new ByteArrayByteIterator(value));
      }
      return Status.OK;
    }
    Map<String, byte[]> decoded;
    try {
      decoded = RecordLayout.decode(value, fields);
    } catch (IllegalArgumentException e) {
      return Status.UNEXPECTED_STATE;
    }
    for (Map.Entry<String, byte[]> f : decoded.entrySet()) {
      result.put(f.getKey(), new ByteArrayByteIterator(f.getValue()));
    }
    return Status.OK;
  }

  /** Whether an update is one SET of {@link #encode}, rather than GET, {@link #merge}, SET. */
  boolean writesWhole(Map<String, ByteIterator> values) {
    return raw || fieldNames.allIn(values);
  }

  /** The copy {@link RecordLayout}'s API needs: field name to value bytes. */
  static Map<String, byte[]> fields(Map<String, ByteIterator> values) {
    Map<String, byte[]> fields = new LinkedHashMap<>((int) (values.size() / 0.75f) + 1);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      fields.put(v.getKey(), v.getValue().toArray());
    }
    return fields;
  }

  /**
   * The rest of a partial update once its GET returned {@code record}: what {@code set} makes of
   * the merged record, or, through {@code refused}, NOT_FOUND without a record and
   * UNEXPECTED_STATE for a value that is not one. Generic so blocking and asynchronous clients
   * share it.
   */
  static <T> T merge(byte[] record, Map<String, byte[]> changed, Function<byte[], T> set,
                     Function<Status, T> refused) {
    if (record == null) {
      return refused.apply(Status.NOT_FOUND);
    }
    byte[] merged;
    try {
      merged = RecordLayout.merge(record, changed);
    } catch (IllegalArgumentException e) {
      return refused.apply(Status.UNEXPECTED_STATE);
    }
    return set.apply(merged);
  }
}
