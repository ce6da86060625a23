package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group over Lettuce, as {@link RawStringRecords} ({@code fieldcount=1}: the
 * value is the field's bytes) and {@link LayoutStringRecords} (several fields in the api's
 * {@link RecordLayout}, a partial update being GET, merge, SET) do over Jedis.
 */
final class LettuceStringRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private final RedisClusterAsyncCommands<byte[], byte[]> redis;
  private final boolean raw;
  private final String field;
  private final FieldNames fieldNames;

  LettuceStringRecords(RedisClusterAsyncCommands<byte[], byte[]> redis, RedisOptions options) {
    this.redis = redis;
    this.raw = options.fieldCount() == 1;
    this.field = options.fieldName(0);
    this.fieldNames = options.fieldNames();
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    byte[] value;
    if (raw) {
      // a record of one field has nowhere to keep other fields
      ByteIterator v = values.size() == 1 ? values.get(field) : null;
      if (v == null) {
        return BAD_REQUEST;
      }
      value = v.toArray();
    } else {
      value = RecordLayout.encode(bytes(values));
    }
    return redis.set(key, value).thenApply(ok -> Status.OK);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return redis.get(key).thenApply(value -> {
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
    });
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    if (raw || fieldNames.allIn(values)) {
      return insert(key, values);
    }
    Map<String, byte[]> changed = bytes(values);
    return redis.get(key).thenCompose(record -> {
      if (record == null) {
        return CompletableFuture.completedFuture(Status.NOT_FOUND);
      }
      byte[] merged;
      try {
        merged = RecordLayout.merge(record, changed);
      } catch (IllegalArgumentException e) {
        return CompletableFuture.completedFuture(Status.UNEXPECTED_STATE);
      }
      return redis.set(key, merged).thenApply(ok -> Status.OK);
    });
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return redis.del(key).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }

  private static Map<String, byte[]> bytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> fields = new LinkedHashMap<>((int) (values.size() / 0.75f) + 1);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      fields.put(v.getKey(), v.getValue().toArray());
    }
    return fields;
  }
}
