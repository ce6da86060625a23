package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.Durability;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.PipelineBase;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group over a Jedis pool when writes are checked or waited for ({@code
 * redis.lost_writes}, {@code redis.stale_reads}, {@code redis.wait.replicas}), as {@link
 * StringRecords} otherwise. {@code WAIT} must follow the SET on the SET's own connection (it waits
 * for that connection's writes), so a waited SET is a pipeline of SET and WAIT on one connection
 * borrowed from the pool. An acknowledged SET is kept in the {@link WriteLedger} and its version in
 * the {@link ValueVersions}; a failed one (an exception, or WAIT short of replicas: an error of the
 * reply's kind, no outage) in the ledger as maybe done. Reads of versioned values strip the header
 * and are STALE when older than the version acknowledged before the read.
 */
final class CheckedStringRecords implements RecordCommands {
  private final UnifiedJedis jedis;
  private final StringRecordCodec codec;
  private final Durability durability;
  /** Null unless {@code redis.lost_writes=check}. */
  private final WriteLedger ledger;
  /** Null unless {@code redis.stale_reads=check}. */
  private final ValueVersions versions;

  CheckedStringRecords(UnifiedJedis jedis, RedisOptions options, WriteLedger ledger, ValueVersions versions) {
    this.jedis = jedis;
    this.codec = new StringRecordCodec(options);
    this.durability = options.durability();
    this.ledger = ledger;
    this.versions = versions;
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    byte[] value = codec.encode(values);
    if (value == null) {
      return Status.BAD_REQUEST;
    }
    long start = System.nanoTime();
    long version = versions == null ? 0 : versions.next();
    byte[] stored = versions == null ? value : ValueVersions.stamp(value, version);
    boolean acknowledged = false;
    try {
      if (durability.waits()) {
        waitedSet(key, stored);
      } else {
        jedis.set(key, stored);
      }
      acknowledged = true;
      return Status.OK;
    } finally {
      if (acknowledged && versions != null) {
        versions.acknowledged(key, version);
      }
      if (ledger != null && acknowledged) {
        ledger.acknowledged(key, WriteLedger.hash(stored), start);
      } else if (ledger != null) {
        ledger.failed(key, WriteLedger.hash(stored));
      }
    }
  }

  /** SET then WAIT on one connection of the pool. */
  private void waitedSet(byte[] key, byte[] stored) {
    int needed = durability.waitReplicas();
    long replicas;
    try (PipelineBase p = jedis.pipelined()) {
      if (!(p instanceof Pipeline onOneConnection)) {
        throw new IllegalStateException("a Jedis pipeline over several connections cannot WAIT for a write");
      }
      onOneConnection.set(key, stored);
      Response<Long> waited = onOneConnection.waitReplicas(needed, durability.waitTimeoutMillis());
      onOneConnection.sync();
      replicas = waited.get();
    }
    if (replicas < needed) {
      throw new JedisDataException("WAIT " + needed + " " + durability.waitTimeoutMillis() + ": " + replicas
          + " replica(s) had the write in time");
    }
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (versions == null) {
      return codec.decode(jedis.get(key), fields, result);
    }
    long expected = versions.expected(key);
    byte[] stored = jedis.get(key);
    Status status = codec.decode(ValueVersions.payload(stored), fields, result);
    return ValueVersions.stale(stored, expected) ? ValueVersions.STALE : status;
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    if (codec.writesWhole(values)) {
      return insert(key, values);
    }
    if (ledger != null) {
      ledger.unknown(key); // merged with a value read on the way: the ledger cannot know it
    }
    byte[] record = jedis.get(key);
    return StringRecordCodec.merge(versions == null ? record : ValueVersions.payload(record),
        StringRecordCodec.fields(values), merged -> {
          jedis.set(key, versions == null ? merged : ValueVersions.stamp(merged, versions.next()));
          return Status.OK;
        }, refused -> refused);
  }

  @Override
  public Status delete(byte[] key) {
    if (ledger != null) {
      ledger.unknown(key);
    }
    return jedis.del(key) == 0 ? Status.NOT_FOUND : Status.OK;
  }
}
