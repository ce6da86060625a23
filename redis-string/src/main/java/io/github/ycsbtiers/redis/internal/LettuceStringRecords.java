package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group over Lettuce, as {@link StringRecords} does over Jedis ({@code
 * fieldcount=1}: the value is the field's bytes; several fields in the api's {@link RecordLayout},
 * a partial update being GET, merge, SET).
 */
final class LettuceStringRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private final RedisClusterAsyncCommands<byte[], byte[]> redis;
  private final StringRecordCodec codec;

  LettuceStringRecords(RedisClusterAsyncCommands<byte[], byte[]> redis, RedisOptions options) {
    this.redis = redis;
    this.codec = new StringRecordCodec(options);
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    byte[] value = codec.encode(values);
    if (value == null) {
      return BAD_REQUEST;
    }
    return redis.set(key, value).thenApply(ok -> Status.OK);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return redis.get(key).thenApply(value -> codec.decode(value, fields, result));
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    if (codec.writesWhole(values)) {
      return insert(key, values);
    }
    Map<String, byte[]> changed = StringRecordCodec.fields(values);
    return redis.get(key).thenCompose(record -> StringRecordCodec.merge(record, changed,
        merged -> redis.set(key, merged).thenApply(ok -> Status.OK), CompletableFuture::completedFuture));
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return redis.del(key).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }
}
