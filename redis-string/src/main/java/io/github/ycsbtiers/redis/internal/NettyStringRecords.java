package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.Durability;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.resp.RespConnection;
import io.github.ycsbtiers.redis.topology.EndpointSlot;
import io.github.ycsbtiers.redis.topology.EndpointStats;
import io.github.ycsbtiers.redis.resp.RespWriter;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code string} group on the binding's own RESP client, with the semantics of {@link
 * StringRecords}: SET, GET, DEL, and a partial update of a several-field record as GET, merge, SET.
 * Every operation settles itself ({@link SettledOperation}).
 */
final class NettyStringRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private static final byte[] GET = RespWriter.ascii("GET");
  private static final byte[] SET = RespWriter.ascii("SET");
  private static final byte[] WAIT = RespWriter.ascii("WAIT");
  private final RespConnection connection;
  private final StringRecordCodec codec;
  private final FailedOperations failures;
  /** This connection's endpoint's figures, or null when they are not kept (reads from the primary only). */
  private final EndpointSlot slot;
  /** The acknowledged writes, or null unless {@code redis.lost_writes=check}. */
  private final WriteLedger ledger;
  private final Durability durability;
  /** Versions of written values, or null unless {@code redis.stale_reads=check}. */
  private final ValueVersions versions;
  private final byte[] waitReplicas;
  private final byte[] waitTimeout;

  NettyStringRecords(RespConnection connection, RedisOptions options, FailedOperations failures,
      EndpointSlot slot, WriteLedger ledger, ValueVersions versions) {
    this.connection = connection;
    this.codec = new StringRecordCodec(options);
    this.failures = failures;
    this.slot = slot;
    this.ledger = ledger;
    this.versions = versions;
    this.durability = options.durability();
    this.waitReplicas = RespWriter.ascii(Integer.toString(durability.waitReplicas()));
    this.waitTimeout = RespWriter.ascii(Integer.toString(durability.waitTimeoutMillis()));
  }

  @Override
  public boolean settles() {
    return true;
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    return set("INSERT", key, values);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (versions != null) {
      return versionedRead(key, fields, result);
    }
    SettledOperation op = new SettledOperation(failures, stats(), "READ", key) {
      @Override
      Status status(Object reply) {
        return codec.decode((byte[]) reply, fields, result);
      }
    };
    connection.send(RespWriter.command(connection.alloc(), GET, key), op);
    return op;
  }

  /** A read of a versioned value: STALE when older than the key's version acknowledged before it was sent. */
  private CompletionStage<Status> versionedRead(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    long expected = versions.expected(key);
    SettledOperation op = new SettledOperation(failures, stats(), "READ", key) {
      @Override
      Status status(Object reply) {
        byte[] stored = (byte[]) reply;
        Status status = codec.decode(ValueVersions.payload(stored), fields, result);
        return ValueVersions.stale(stored, expected) ? ValueVersions.STALE : status;
      }
    };
    connection.send(RespWriter.command(connection.alloc(), GET, key), op);
    return op;
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    if (codec.writesWhole(values)) {
      return set("UPDATE", key, values);
    }
    if (ledger != null) {
      ledger.unknown(key); // merged with a value read on the way: the ledger cannot know it
    }
    Map<String, byte[]> changed = StringRecordCodec.fields(values);
    SettledOperation op = new SettledOperation(failures, stats(), "UPDATE", key) {
      @Override
      Status status(Object reply) {
        byte[] record = versions == null ? (byte[]) reply : ValueVersions.payload((byte[]) reply);
        return StringRecordCodec.merge(record, changed, merged -> {
          byte[] value = versions == null ? merged : ValueVersions.stamp(merged, versions.next());
          connection.send(RespWriter.command(connection.alloc(), SET, key, value), then());
          return null; // completed by the SET's reply
        }, refused -> refused);
      }
    };
    connection.send(RespWriter.command(connection.alloc(), GET, key), op);
    return op;
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    if (ledger != null) {
      ledger.unknown(key);
    }
    return SettledOperation.delete(connection, failures, stats(), key);
  }

  private CompletionStage<Status> set(String operation, byte[] key, Map<String, ByteIterator> values) {
    byte[] value = codec.encode(values);
    if (value == null) {
      return BAD_REQUEST;
    }
    if (ledger == null && versions == null && !durability.waits()) {
      SettledOperation op = new SettledOperation(failures, stats(), operation, key) {
        @Override
        Status status(Object reply) {
          return Status.OK;
        }
      };
      connection.send(RespWriter.command(connection.alloc(), SET, key, value), op);
      return op;
    }
    return acknowledgedSet(operation, key, value);
  }

  /** A SET whose acknowledgment is kept in the ledger, after a WAIT for replicas when asked for. */
  private CompletionStage<Status> acknowledgedSet(String operation, byte[] key, byte[] value) {
    long start = System.nanoTime();
    long version = versions == null ? 0 : versions.next();
    byte[] stored = versions == null ? value : ValueVersions.stamp(value, version);
    long hash = WriteLedger.hash(stored);
    Runnable acknowledged = () -> {
      if (ledger != null) {
        ledger.acknowledged(key, hash, start);
      }
      if (versions != null) {
        versions.acknowledged(key, version);
      }
    };
    SettledOperation op = new SettledOperation(failures, stats(), operation, key) {
      @Override
      Status status(Object reply) {
        if (!durability.waits()) {
          acknowledged.run();
          return Status.OK;
        }
        connection.send(RespWriter.command(connection.alloc(), WAIT, waitReplicas, waitTimeout),
            thenWait(durability.waitReplicas(), durability.waitTimeoutMillis(), acknowledged));
        return null; // completed by the WAIT's reply
      }
    };
    if (ledger != null) {
      // a write not acknowledged may have been done all the same: its value is no lost write
      op.whenComplete((status, e) -> {
        if (!Status.OK.equals(status)) {
          ledger.failed(key, hash);
        }
      });
    }
    connection.send(RespWriter.command(connection.alloc(), SET, key, stored), op);
    return op;
  }

  /** The figures of the endpoint the connection points at now, or null when they are not kept. */
  private EndpointStats stats() {
    return slot == null ? null : slot.stats();
  }
}
