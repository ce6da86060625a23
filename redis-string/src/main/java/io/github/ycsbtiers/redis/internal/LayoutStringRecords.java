package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group with {@code fieldcount > 1}: all fields in one String value, in the
 * api's {@link RecordLayout}. Insert is one SET, read one GET (decoding only the requested fields),
 * delete one DEL. An update that writes every field is one SET of the new record; one that writes
 * some fields is GET, merge, SET: two round trips and not atomic, so when two clients update the
 * same key at the same moment one update may be lost (its fields keep their previous values; no
 * field disappears). A WATCH/MULTI retry loop would make it atomic at five round trips and a
 * pinned connection per update, which would measure the retry loop rather than the store. A value
 * that is not a record (e.g. loaded with {@code fieldcount=1}) reads and updates as
 * UNEXPECTED_STATE; a partial update of a missing record is NOT_FOUND.
 */
final class LayoutStringRecords implements RecordCommands {
  private final UnifiedJedis jedis;
  private final FieldNames fieldNames;

  LayoutStringRecords(UnifiedJedis jedis, RedisOptions options) {
    this.jedis = jedis;
    this.fieldNames = options.fieldNames();
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    jedis.set(key, RecordLayout.encode(bytes(values)));
    return Status.OK;
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] record = jedis.get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    Map<String, byte[]> decoded;
    try {
      decoded = RecordLayout.decode(record, fields);
    } catch (IllegalArgumentException e) {
      return Status.UNEXPECTED_STATE;
    }
    for (Map.Entry<String, byte[]> f : decoded.entrySet()) {
      result.put(f.getKey(), new ByteArrayByteIterator(f.getValue()));
    }
    return Status.OK;
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    if (fieldNames.allIn(values)) {
      return insert(key, values);
    }
    byte[] record = jedis.get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    byte[] merged;
    try {
      merged = RecordLayout.merge(record, bytes(values));
    } catch (IllegalArgumentException e) {
      return Status.UNEXPECTED_STATE;
    }
    jedis.set(key, merged);
    return Status.OK;
  }

  @Override
  public Status delete(byte[] key) {
    return jedis.del(key) == 0 ? Status.NOT_FOUND : Status.OK;
  }

  /** The copy RecordLayout's API needs: field name to value bytes. */
  private static Map<String, byte[]> bytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> fields = new LinkedHashMap<>((int) (values.size() / 0.75f) + 1);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      fields.put(v.getKey(), v.getValue().toArray());
    }
    return fields;
  }
}
