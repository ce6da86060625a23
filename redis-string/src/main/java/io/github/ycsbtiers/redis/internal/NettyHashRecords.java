package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.resp.RespConnection;
import io.github.ycsbtiers.redis.topology.EndpointSlot;
import io.github.ycsbtiers.redis.topology.EndpointStats;
import io.github.ycsbtiers.redis.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code hash} group on the binding's own RESP client, with the commands of {@link HashRecords}:
 * HSET, HGETALL, HMGET, EXISTS, DEL. Every operation settles itself ({@link SettledOperation}).
 */
final class NettyHashRecords implements AsyncRecordCommands {
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);
  private static final byte[] HSET = RespWriter.ascii("HSET");
  private static final byte[] HGETALL = RespWriter.ascii("HGETALL");
  private static final byte[] HMGET = RespWriter.ascii("HMGET");
  private static final byte[] EXISTS = RespWriter.ascii("EXISTS");
  private final RespConnection connection;
  private final HashFields names;
  private final FailedOperations failures;
  /** This connection's endpoint's figures, or null when they are not kept (reads from the primary only). */
  private final EndpointSlot slot;

  NettyHashRecords(RespConnection connection, RedisOptions options, FailedOperations failures,
      EndpointSlot slot) {
    this.connection = connection;
    this.names = new HashFields(options);
    this.failures = failures;
    this.slot = slot;
  }

  @Override
  public boolean settles() {
    return true;
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    return hset("INSERT", key, values);
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    SettledOperation op;
    if (fields == null) {
      op = new SettledOperation(failures, stats(), "READ", key) {
        @Override
        Status status(Object reply) {
          List<?> all = (List<?>) reply;
          if (all == null || all.isEmpty()) {
            return Status.NOT_FOUND;
          }
          for (int i = 0; i + 1 < all.size(); i += 2) {
            result.put(new String((byte[]) all.get(i), StandardCharsets.UTF_8),
                new ByteArrayByteIterator((byte[]) all.get(i + 1)));
          }
          return Status.OK;
        }
      };
      connection.send(RespWriter.command(connection.alloc(), HGETALL, key), op);
    } else if (fields.isEmpty()) {
      op = new SettledOperation(failures, stats(), "READ", key) {
        @Override
        Status status(Object reply) {
          return (Long) reply > 0 ? Status.OK : Status.NOT_FOUND;
        }
      };
      connection.send(RespWriter.command(connection.alloc(), EXISTS, key), op);
    } else {
      byte[][] args = new byte[fields.size() + 1][];
      args[0] = key;
      System.arraycopy(names.names(fields), 0, args, 1, fields.size());
      op = new SettledOperation(failures, stats(), "READ", key) {
        @Override
        Status status(Object reply) {
          List<?> values = (List<?>) reply;
          return HashFields.fill(fields, i -> (byte[]) values.get(i), result);
        }
      };
      connection.send(RespWriter.command(connection.alloc(), HMGET, args), op);
    }
    return op;
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    return hset("UPDATE", key, values);
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return SettledOperation.delete(connection, failures, stats(), key);
  }

  private CompletionStage<Status> hset(String operation, byte[] key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return BAD_REQUEST;
    }
    byte[][] args = new byte[values.size() * 2 + 1][];
    args[0] = key;
    int i = 1;
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      args[i++] = names.name(v.getKey());
      args[i++] = v.getValue().toArray();
    }
    SettledOperation op = new SettledOperation(failures, stats(), operation, key) {
      @Override
      Status status(Object reply) {
        return Status.OK;
      }
    };
    connection.send(RespWriter.command(connection.alloc(), HSET, args), op);
    return op;
  }

  /** The figures of the endpoint the connection points at now, or null when they are not kept. */
  private EndpointStats stats() {
    return slot == null ? null : slot.stats();
  }
}
