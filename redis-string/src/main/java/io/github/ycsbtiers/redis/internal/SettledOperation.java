package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.resp.RespCallback;
import io.github.ycsbtiers.redis.resp.RespConnection;
import io.github.ycsbtiers.redis.resp.RespWriter;
import io.github.ycsbtiers.redis.topology.EndpointStats;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import site.ycsb.Status;

/**
 * One record operation on the binding's own RESP client: the future the engine waits on is also
 * what waits for the reply, so an operation costs one object and no hand-over. It settles itself
 * as the binding does for every client ({@link FailedOperations}): a reply ends an outage and
 * gives the operation's status; a failure is counted and becomes ERROR, after the client's
 * backoff pause (a timer) when the server could not be reached.
 */
abstract class SettledOperation extends CompletableFuture<Status> implements RespCallback {
  private static final byte[] DEL = RespWriter.ascii("DEL");
  private static final String READ = "READ";
  private final FailedOperations failures;
  private final EndpointStats stats;
  private final String operation;
  private final byte[] key;
  private final long startNanos;

  /** {@code stats}: the figures of the endpoint it is sent to, or null to keep none. */
  SettledOperation(FailedOperations failures, EndpointStats stats, String operation, byte[] key) {
    this.failures = failures;
    this.stats = stats;
    this.operation = operation;
    this.key = key;
    this.startNanos = stats == null ? 0 : System.nanoTime();
  }

  /** The status a reply means: OK, NOT_FOUND, or UNEXPECTED_STATE for a value that is no record. */
  abstract Status status(Object reply);

  @Override
  public void reply(Object value) {
    Status status;
    try {
      status = status(value);
    } catch (RuntimeException e) {
      // a reply of another type or shape than the command's (a server that is not Redis-compatible
      // here): this operation's answer, never the connection's failure, which would leave it pending
      failures.refused(operation, new String(key, StandardCharsets.UTF_8), e);
      measured(true);
      complete(Status.UNEXPECTED_STATE);
      return;
    }
    if (status != null) {
      measured(false);
      complete(failures.reached(status, key));
    }
  }

  @Override
  public void failed(Throwable cause) {
    measured(true);
    failures.failedAsync(operation, new String(key, StandardCharsets.UTF_8), key, cause, this);
  }

  private void measured(boolean failed) {
    if (stats != null) {
      stats.record(READ.equals(operation), startNanos, failed);
    }
  }

  /** DEL of a record, the same in every command group: NOT_FOUND when no key was removed. */
  static SettledOperation delete(RespConnection connection, FailedOperations failures, EndpointStats stats,
                                 byte[] key) {
    SettledOperation op = new SettledOperation(failures, stats, "DELETE", key) {
      @Override
      Status status(Object reply) {
        return (Long) reply == 0 ? Status.NOT_FOUND : Status.OK;
      }
    };
    connection.send(RespWriter.command(connection.alloc(), DEL, key), op);
    return op;
  }

  /**
   * Completes with the reply to a {@code WAIT needed timeout} sent after this write: OK, after
   * {@code acknowledged}, when at least {@code needed} replicas have the write; else ERROR, counted
   * with its cause (the write is not acknowledged as asked, though the server did it).
   */
  final RespCallback thenWait(long needed, long timeoutMillis, Runnable acknowledged) {
    return new RespCallback() {
      @Override
      public void reply(Object value) {
        long replicas = value instanceof Long n ? n : -1;
        measured(false);
        if (replicas >= needed) {
          acknowledged.run();
          complete(failures.reached(Status.OK, key));
        } else {
          failures.reached(Status.OK, key); // the server answered: no outage
          complete(failures.refused(operation, new String(key, StandardCharsets.UTF_8), new IllegalStateException(
              "WAIT " + needed + " " + timeoutMillis + ": " + replicas + " replica(s) had the write in time")));
        }
      }

      @Override
      public void failed(Throwable cause) {
        SettledOperation.this.failed(cause);
      }
    };
  }

  /** Completes with what a second command of this operation (a partial update's SET) replied. */
  final RespCallback then() {
    return new RespCallback() {
      @Override
      public void reply(Object value) {
        measured(false);
        complete(failures.reached(Status.OK, key));
      }

      @Override
      public void failed(Throwable cause) {
        SettledOperation.this.failed(cause);
      }
    };
  }
}
