package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.RecordLayout;
import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.Durability;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.RedisCommandExecutionException;
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
 * a partial update being GET, merge, SET). With {@code redis.wait.replicas} a SET is followed by
 * {@code WAIT} on the same connection (which waits for every earlier write of that connection, this
 * one among them), with {@code redis.lost_writes=check} each acknowledged SET is kept in the
 * {@link WriteLedger}, and with {@code redis.stale_reads=check} values carry a version and a read of
 * an older one than acknowledged is STALE, as on the binding's own client.
 */
final class LettuceStringRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private final RedisClusterAsyncCommands<byte[], byte[]> redis;
  private final StringRecordCodec codec;
  private final Durability durability;
  /** The acknowledged writes, or null unless {@code redis.lost_writes=check}. */
  private final WriteLedger ledger;
  /** Versions of written values, or null unless {@code redis.stale_reads=check}. */
  private final ValueVersions versions;

  LettuceStringRecords(RedisClusterAsyncCommands<byte[], byte[]> redis, RedisOptions options, WriteLedger ledger,
                       ValueVersions versions) {
    this.redis = redis;
    this.codec = new StringRecordCodec(options);
    this.durability = options.durability();
    this.ledger = ledger;
    this.versions = versions;
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    byte[] value = codec.encode(values);
    if (value == null) {
      return BAD_REQUEST;
    }
    if (ledger == null && versions == null && !durability.waits()) {
      return redis.set(key, value).thenApply(ok -> Status.OK);
    }
    return acknowledgedSet(key, value);
  }

  /**
   * A SET (of a versioned value with stale reads checked), then WAIT when asked for; an
   * acknowledged one kept in the ledger and the versions, a failed one in the ledger as maybe done.
   */
  private CompletionStage<Status> acknowledgedSet(byte[] key, byte[] value) {
    long start = System.nanoTime();
    long version = versions == null ? 0 : versions.next();
    byte[] stored = versions == null ? value : ValueVersions.stamp(value, version);
    CompletionStage<Status> done = redis.set(key, stored).thenApply(ok -> Status.OK);
    if (durability.waits()) {
      int needed = durability.waitReplicas();
      done = done.thenCompose(ok -> redis.waitForReplication(needed, durability.waitTimeoutMillis()))
          .thenApply(replicas -> {
            if (replicas < needed) {
              // the server did the write but not as asked: an error of the reply's kind, no outage
              throw new RedisCommandExecutionException("WAIT " + needed + " " + durability.waitTimeoutMillis() + ": "
                  + replicas + " replica(s) had the write in time");
            }
            return Status.OK;
          });
    }
    if (ledger == null && versions == null) {
      return done; // only WAIT asked for: nothing to keep
    }
    long hash = ledger == null ? 0 : WriteLedger.hash(stored);
    return done.whenComplete((status, e) -> {
      if (e == null && versions != null) {
        versions.acknowledged(key, version);
      }
      if (ledger == null) {
        return;
      }
      if (e == null) {
        ledger.acknowledged(key, hash, start);
      } else {
        ledger.failed(key, hash);
      }
    });
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (versions == null) {
      return redis.get(key).thenApply(value -> codec.decode(value, fields, result));
    }
    // STALE when older than the key's version acknowledged before the read was sent
    long expected = versions.expected(key);
    return redis.get(key).thenApply(stored -> {
      Status status = codec.decode(ValueVersions.payload(stored), fields, result);
      return ValueVersions.stale(stored, expected) ? ValueVersions.STALE : status;
    });
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    if (codec.writesWhole(values)) {
      return insert(key, values);
    }
    if (ledger != null) {
      ledger.unknown(key); // merged with a value read on the way: the ledger cannot know it
    }
    Map<String, byte[]> changed = StringRecordCodec.fields(values);
    return redis.get(key).thenCompose(record -> StringRecordCodec.merge(
        versions == null ? record : ValueVersions.payload(record), changed,
        merged -> redis.set(key, versions == null ? merged : ValueVersions.stamp(merged, versions.next()))
            .thenApply(ok -> Status.OK), CompletableFuture::completedFuture));
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    if (ledger != null) {
      ledger.unknown(key);
    }
    return redis.del(key).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }
}
