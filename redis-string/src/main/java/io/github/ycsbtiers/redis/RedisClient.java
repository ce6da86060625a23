package io.github.ycsbtiers.redis;

import io.github.ycsbtiers.api.AsyncCommandDb;
import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.api.CommandDb;
import io.github.ycsbtiers.api.ConnectionCount;
import io.github.ycsbtiers.redis.command.CommandExecutor;
import io.github.ycsbtiers.redis.command.CommandExecutors;
import io.github.ycsbtiers.api.PropertyCheck;
import io.github.ycsbtiers.redis.internal.AsyncRecordCommands;
import io.github.ycsbtiers.redis.internal.FailedOperations;
import io.github.ycsbtiers.redis.internal.RecordCommands;
import io.github.ycsbtiers.redis.internal.ScanIndex;
import io.github.ycsbtiers.redis.internal.SharedConnections;
import io.github.ycsbtiers.redis.options.ClientLibrary;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.options.ScanMode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The YCSB binding {@code redis-string} (alias {@code redis}). One instance per client thread, as
 * YCSB makes them (on the runner's {@code async} engine, one per logical client); all instances of
 * a JVM with equal options share one client: a Jedis connection pool ({@code JedisPooled}, or
 * {@code JedisCluster} with {@code redis.cluster=true}) or, with Lettuce, one set of event loops
 * on which each instance has its own connection (a Cluster connection) unless
 * {@code redis.connections} is lower; opened and PINGed by the first {@link #init} and closed by
 * the last {@link #cleanup}.
 *
 * <p>The {@link AsyncDb} methods serve the runner's {@code async} engine: over Lettuce (its default
 * there) each instance sends on its own connection; over Jedis one instance per engine thread
 * pipelines the operations in flight of that thread's clients ({@code redis.batch} at most per
 * pipeline, the rest sent when the engine waits).
 *
 * <p>No operation throws: a failed command (lost connection, timeout, Redis error) returns or
 * completes with {@link Status#ERROR}, and the client reconnects for later operations. The table
 * name is not part of the key, as in upstream's Redis binding.
 *
 * <p>The {@link CommandDb} and {@link AsyncCommandDb} methods send arbitrary commands (command
 * templates) over the same shared client; see {@link io.github.ycsbtiers.redis.command}.
 */
public class RedisClient extends DB implements AsyncDb, CommandDb, AsyncCommandDb, PropertyCheck, ConnectionCount {
  private SharedConnections.Lease lease;
  private RecordCommands records;
  private ScanIndex index;
  private AsyncRecordCommands asyncRecords;
  private CommandExecutor commands;
  private FailedOperations failures;
  private ScheduledExecutorService eventLoop;

  @Override
  public void init() throws DBException {
    RedisOptions options;
    try {
      options = RedisOptions.fromProperties(getProperties());
    } catch (IllegalArgumentException e) {
      throw new DBException(e.getMessage(), e);
    }
    lease = SharedConnections.acquire(options);
    // Lettuce and the binding's own client complete on their event loops, which must not sleep:
    // their pauses are timers
    failures = new FailedOperations(lease, options.client() != ClientLibrary.JEDIS);
    if (options.client() == ClientLibrary.NETTY) {
      asyncRecords = AsyncRecordCommands.of(lease, options, failures);
      records = RecordCommands.blocking(asyncRecords);
      eventLoop = lease.resp().eventLoop();
    } else if (options.client() == ClientLibrary.LETTUCE) {
      asyncRecords = AsyncRecordCommands.ofLettuce(lease, options);
      records = RecordCommands.blocking(asyncRecords);
      eventLoop = options.cluster() ? null : lease.lettuce().eventLoop();
    } else {
      records = RecordCommands.of(lease, options);
      asyncRecords = RecordCommands.pipelined(lease.jedis(), options);
      index = options.scan() == ScanMode.INDEX ? new ScanIndex(lease.jedis()) : null;
    }
    commands = CommandExecutors.of(lease, options, failures);
  }

  /** Every {@code redis.*} property parsed as {@code init} does (password files read), nothing opened. */
  @Override
  public void checkProperties() {
    RedisOptions.fromProperties(getProperties());
  }

  @Override
  public void cleanup() {
    if (asyncRecords != null) {
      asyncRecords.close();
      asyncRecords = null;
    }
    if (lease != null) {
      lease.close();
      lease = null;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      return reached(records.read(bytes(key), fields, result), key);
    } catch (RuntimeException e) {
      return failed("READ", key, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      byte[] k = bytes(key);
      Status status = reached(records.insert(k, values), key);
      if (index != null && status.isOk()) {
        index.add(k);
      }
      return status;
    } catch (RuntimeException e) {
      return failed("INSERT", key, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      return reached(records.update(bytes(key), values), key);
    } catch (RuntimeException e) {
      return failed("UPDATE", key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      byte[] k = bytes(key);
      Status status = reached(records.delete(k), key);
      if (index != null) {
        index.remove(k);
      }
      return status;
    } catch (RuntimeException e) {
      return failed("DELETE", key, e);
    }
  }

  /** NOT_IMPLEMENTED unless {@code redis.scan=index}; then the records of the index's keys from {@code startkey}. */
  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (index == null) {
      return Status.NOT_IMPLEMENTED;
    }
    try {
      List<byte[]> keys = index.from(bytes(startkey), recordcount);
      for (byte[] k : keys) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        Status status = records.read(k, fields, row);
        if (status.isOk()) {
          result.add(row);
        } else if (!status.equals(Status.NOT_FOUND)) {
          // NOT_FOUND: deleted since the index was read; anything else ends the scan
          return status;
        }
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return failed("SCAN", startkey, e);
    }
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return sent("READ", key, k -> asyncRecords.read(k, fields, result));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return sent("INSERT", key, k -> asyncRecords.insert(k, values));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return sent("UPDATE", key, k -> asyncRecords.update(k, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return sent("DELETE", key, k -> asyncRecords.delete(k));
  }

  @Override
  public void flush() {
    asyncRecords.flush();
  }

  /** The scan index is kept by synchronous Jedis calls only. */
  @Override
  public String asyncUnsupportedReason() {
    try {
      return RedisOptions.fromProperties(getProperties()).scan() == ScanMode.INDEX
          ? "redis.scan=index keeps its index on the synchronous path only" : null;
    } catch (IllegalArgumentException e) {
      return null; // init reports it
    }
  }

  /** Jedis pipelines the operations of every client of an engine thread; the other clients have a connection per instance. */
  @Override
  public boolean sharedByEngineThread() {
    try {
      return RedisOptions.fromProperties(getProperties()).client() == ClientLibrary.JEDIS;
    } catch (IllegalArgumentException e) {
      return false; // init reports it
    }
  }

  /** The event loop of this instance's connection to a standalone server (not Jedis), else null. */
  @Override
  public ScheduledExecutorService eventLoop() {
    return eventLoop;
  }

  /**
   * Lettuce and netty: {@code redis.connections} (default: one per logical client); Jedis on the sync
   * engine: its pool; Jedis pipelines on the async engine: one per engine thread.
   */
  @Override
  public int connectionsPerServer(int logicalClients, int engineThreads) {
    RedisOptions o = RedisOptions.fromProperties(getProperties());
    if (o.client() != ClientLibrary.JEDIS) {
      return Math.min(o.connections(), logicalClients);
    }
    boolean pipelines = "async".equals(getProperties().getProperty("runner.engine"));
    return Math.min(pipelines ? engineThreads : o.poolSize(), logicalClients);
  }

  @Override
  public Status command(byte[][] args) {
    return commands().command(args);
  }

  @Override
  public Status batch(byte[][][] batch, int count, BatchMode mode) {
    return commands().batch(batch, count, mode);
  }

  @Override
  public CompletionStage<Status> commandAsync(byte[][] args) {
    return commands().commandAsync(args);
  }

  @Override
  public CompletionStage<Status> batchAsync(byte[][][] batch, int count, BatchMode mode) {
    return commands().batchAsync(batch, count, mode);
  }

  @Override
  public boolean routesBySlot() {
    try {
      return RedisOptions.fromProperties(getProperties()).cluster();
    } catch (IllegalArgumentException e) {
      return false; // init reports it
    }
  }

  @Override
  public String asyncCommandsUnsupportedReason() {
    try {
      return CommandExecutors.asyncUnsupportedReason(RedisOptions.fromProperties(getProperties()));
    } catch (IllegalArgumentException e) {
      return null; // init reports it
    }
  }

  /**
   * Sends one operation on the key's bytes. A command that fails, when sent or later, becomes
   * ERROR, counted with its cause as on the synchronous path; in an outage the ERROR completes
   * after its client's backoff pause (see {@link FailedOperations}).
   */
  private CompletionStage<Status> sent(String operation, String key,
                                       Function<byte[], CompletionStage<Status>> send) {
    if (asyncRecords.settles()) {
      return send.apply(bytes(key));
    }
    CompletableFuture<Status> done = new CompletableFuture<>();
    CompletionStage<Status> stage;
    try {
      stage = send.apply(bytes(key));
    } catch (RuntimeException e) {
      failures.failedAsync(operation, key, e, done);
      return done;
    }
    stage.whenComplete((status, e) -> {
      if (e == null) {
        done.complete(failures.reached(status, key));
      } else {
        failures.failedAsync(operation, key, FailedOperations.unwrap(e), done);
      }
    });
    return done;
  }

  /** The command executor; none on the binding's own client, which the options refuse for templates. */
  private CommandExecutor commands() {
    if (commands == null) {
      throw new IllegalStateException("redis.client=netty sends record operations only: set redis.client=lettuce"
          + " (or jedis) for command templates");
    }
    return commands;
  }

  /** An operation of the synchronous path failed: ERROR, after the backoff pause in an outage. */
  private Status failed(String operation, String key, Throwable e) {
    return failures.failed(operation, key, e);
  }

  /** The server replied: an outage going on (of the key's master, on a Cluster) is over. */
  private Status reached(Status status, String key) {
    return failures.reached(status, key);
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
