package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** The {@code hash} group over Lettuce, with the commands of {@link HashRecords}: HSET, HGETALL, HMGET, DEL. */
final class LettuceHashRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private final RedisClusterAsyncCommands<byte[], byte[]> redis;
  private final HashFields names;

  LettuceHashRecords(RedisClusterAsyncCommands<byte[], byte[]> redis, RedisOptions options) {
    this.redis = redis;
    this.names = new HashFields(options);
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return BAD_REQUEST;
    }
    return redis.hset(key, names.encode(values)).thenApply(n -> Status.OK);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      return redis.hgetall(key).thenApply(all -> {
        if (all == null || all.isEmpty()) {
          return Status.NOT_FOUND;
        }
        for (Map.Entry<byte[], byte[]> f : all.entrySet()) {
          result.put(new String(f.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(f.getValue()));
        }
        return Status.OK;
      });
    }
    if (fields.isEmpty()) {
      return redis.exists(key).thenApply(n -> n > 0 ? Status.OK : Status.NOT_FOUND);
    }
    return redis.hmget(key, names.names(fields)).thenApply(values -> HashFields.fill(fields, i -> {
      KeyValue<byte[], byte[]> v = values.get(i);
      return v.hasValue() ? v.getValue() : null;
    }, result));
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    return insert(key, values);
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return redis.del(key).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }
}
