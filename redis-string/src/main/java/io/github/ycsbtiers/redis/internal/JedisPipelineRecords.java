package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.CommandGroup;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Jedis on the asynchronous path: the commands of {@link StringRecords} and {@link HashRecords},
 * appended to one {@link JedisPipeline} per binding
 * instance, so the operations in flight of one engine thread travel together
 * ({@code redis.batch} at most per pipeline).
 */
final class JedisPipelineRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private final JedisPipeline pipe;
  private final boolean hash;
  private final StringRecordCodec codec;
  private final HashFields names;

  JedisPipelineRecords(UnifiedJedis jedis, RedisOptions options) {
    this.pipe = new JedisPipeline(jedis, options.batch());
    this.hash = options.commandGroup() == CommandGroup.HASH;
    this.codec = new StringRecordCodec(options);
    this.names = new HashFields(options);
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    if (hash) {
      if (values.isEmpty()) {
        return BAD_REQUEST;
      }
      return pipe.sent(pipe.pipeline().hset(key, names.encode(values)), n -> Status.OK);
    }
    byte[] value = codec.encode(values);
    if (value == null) {
      return BAD_REQUEST;
    }
    return pipe.sent(pipe.pipeline().set(key, value), ok -> Status.OK);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (hash) {
      return readHash(key, fields, result);
    }
    return pipe.sent(pipe.pipeline().get(key), value -> codec.decode(value, fields, result));
  }

  private CompletionStage<Status> readHash(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      return pipe.sent(pipe.pipeline().hgetAll(key), all -> {
        if (all == null || all.isEmpty()) {
          return Status.NOT_FOUND;
        }
        all.forEach((f, v) -> result.put(new String(f, StandardCharsets.UTF_8), new ByteArrayByteIterator(v)));
        return Status.OK;
      });
    }
    if (fields.isEmpty()) {
      return pipe.sent(pipe.pipeline().exists(key), e -> e ? Status.OK : Status.NOT_FOUND);
    }
    return pipe.sent(pipe.pipeline().hmget(key, names.names(fields)),
        values -> HashFields.fill(fields, values::get, result));
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    if (hash || codec.writesWhole(values)) {
      return insert(key, values);
    }
    Map<String, byte[]> changed = StringRecordCodec.fields(values);
    return pipe.sent(pipe.pipeline().get(key), record -> record).thenCompose(record -> StringRecordCodec.merge(
        record, changed, merged -> pipe.sent(pipe.pipeline().set(key, merged), ok -> Status.OK),
        CompletableFuture::completedFuture));
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return pipe.sent(pipe.pipeline().del(key), n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }

  @Override
  public void flush() {
    pipe.flush();
  }

  @Override
  public void close() {
    pipe.close();
  }
}
