package io.github.ycsbtiers.redis.internal;

import java.util.Map;
import java.util.Set;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group with {@code fieldcount=1}: the value is the field's bytes, as the
 * white papers' scripts expect ({@code SET key <100 bytes>}, {@code GET key}). Insert and update
 * are one SET each, read one GET, delete one DEL.
 */
final class RawStringRecords implements RecordCommands {
  private final UnifiedJedis jedis;
  private final String field;

  RawStringRecords(UnifiedJedis jedis, String field) {
    this.jedis = jedis;
    this.field = field;
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    // a record of one field has nowhere to keep other fields
    ByteIterator value = values.size() == 1 ? values.get(field) : null;
    if (value == null) {
      return Status.BAD_REQUEST;
    }
    jedis.set(key, value.toArray());
    return Status.OK;
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] value = jedis.get(key);
    if (value == null) {
      return Status.NOT_FOUND;
    }
    if (fields == null || fields.contains(field)) {
      result.put(field, new ByteArrayByteIterator(value));
    }
    return Status.OK;
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    return insert(key, values);
  }

  @Override
  public Status delete(byte[] key) {
    return jedis.del(key) == 0 ? Status.NOT_FOUND : Status.OK;
  }
}
