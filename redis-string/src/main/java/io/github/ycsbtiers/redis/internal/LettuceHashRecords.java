package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.KeyValue;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
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
  private final Map<String, byte[]> knownNames = new HashMap<>();

  LettuceHashRecords(RedisClusterAsyncCommands<byte[], byte[]> redis, RedisOptions options) {
    this.redis = redis;
    for (int i = 0; i < options.fieldCount(); i++) {
      knownNames.put(options.fieldName(i), options.fieldName(i).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return BAD_REQUEST;
    }
    Map<byte[], byte[]> fields = new LinkedHashMap<>((int) (values.size() / 0.75f) + 1);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      fields.put(name(v.getKey()), v.getValue().toArray());
    }
    return redis.hset(key, fields).thenApply(n -> Status.OK);
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
    byte[][] names = new byte[fields.size()][];
    String[] asked = fields.toArray(new String[0]);
    for (int i = 0; i < asked.length; i++) {
      names[i] = name(asked[i]);
    }
    return redis.hmget(key, names).thenApply(values -> fill(values, asked, result));
  }

  /** HMGET cannot tell a missing key from missing fields; neither holds the data asked for. */
  private static Status fill(List<KeyValue<byte[], byte[]>> values, String[] asked, Map<String, ByteIterator> result) {
    boolean any = false;
    for (int i = 0; i < asked.length; i++) {
      KeyValue<byte[], byte[]> v = values.get(i);
      if (v.hasValue()) {
        result.put(asked[i], new ByteArrayByteIterator(v.getValue()));
        any = true;
      }
    }
    return any ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    return insert(key, values);
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return redis.del(key).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }

  private byte[] name(String field) {
    byte[] known = knownNames.get(field);
    return known != null ? known : field.getBytes(StandardCharsets.UTF_8);
  }
}
