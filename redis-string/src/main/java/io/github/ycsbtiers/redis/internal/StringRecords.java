package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group over Jedis, values as {@link StringRecordCodec} makes them. With
 * {@code fieldcount=1} the value is the field's bytes, as the white papers' scripts expect
 * ({@code SET key <100 bytes>}, {@code GET key}): insert and update are one SET each, read one GET,
 * delete one DEL, and a write of any other field is BAD_REQUEST. With {@code fieldcount > 1} all
 * fields are one String value in the api's {@link RecordLayout}. Insert is one SET, read one GET
 * (decoding only the requested fields), delete one DEL. An update that writes every field is one
 * SET of the new record; one that writes some fields is GET, merge, SET: two round trips and not
 * atomic, so when two clients update the same key at the same moment one update may be lost (its
 * fields keep their previous values; no field disappears). A WATCH/MULTI retry loop would make it
 * atomic at five round trips and a pinned connection per update, which would measure the retry
 * loop rather than the store. A value that is not a record (e.g. loaded with {@code fieldcount=1})
 * reads and updates as UNEXPECTED_STATE; a partial update of a missing record is NOT_FOUND.
 */
final class StringRecords implements RecordCommands {
  private final UnifiedJedis jedis;
  private final StringRecordCodec codec;

  StringRecords(UnifiedJedis jedis, RedisOptions options) {
    this.jedis = jedis;
    this.codec = new StringRecordCodec(options);
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    byte[] value = codec.encode(values);
    if (value == null) {
      return Status.BAD_REQUEST;
    }
    jedis.set(key, value);
    return Status.OK;
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return codec.decode(jedis.get(key), fields, result);
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    if (codec.writesWhole(values)) {
      return insert(key, values);
    }
    return StringRecordCodec.merge(jedis.get(key), StringRecordCodec.fields(values), merged -> {
      jedis.set(key, merged);
      return Status.OK;
    }, refused -> refused);
  }

  @Override
  public Status delete(byte[] key) {
    return jedis.del(key) == 0 ? Status.NOT_FOUND : Status.OK;
  }
}
