package io.github.ycsbtiers.redis.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import site.ycsb.Status;

/**
 * How one binding instance ends an operation, for the record operations and the command
 * templates alike: a failure is counted ({@link OperationFailures}) and becomes ERROR, after the
 * client's backoff pause if the server could not be reached ({@link Outages}); a reply ends an
 * outage going on. One instance per binding instance.
 */
public final class FailedOperations {
  private final OperationFailures failures;
  private final Outages outages;
  /** Lettuce completes on its own threads, which must not sleep: its pauses are timers. */
  private final boolean pauseByTimer;
  /** The failure this instance paused for last: every command of a failed Jedis pipeline carries it. */
  private Throwable pausedFor;

  public FailedOperations(SharedConnections.Lease lease, boolean pauseByTimer) {
    this.failures = lease.failures();
    this.outages = lease.outages();
    this.pauseByTimer = pauseByTimer;
  }

  /** The server replied: an outage going on is over. */
  public Status reached(Status status) {
    outages.reached();
    return status;
  }

  /**
   * An operation failed on the calling thread: ERROR, after the backoff pause (on this thread) in an
   * outage; an error reply ends an outage instead.
   */
  public Status failed(String operation, String key, Throwable e) {
    failures.record(operation, key, e);
    long pause = outages.failed(e);
    if (pause == 0) {
      outages.reached();
    }
    Outages.pause(pause);
    return Status.ERROR;
  }

  /**
   * Completes {@code done} with ERROR, after the backoff pause if the server could not be reached:
   * from a timer over Lettuce (never sleeping on its I/O thread), else on the calling thread once
   * per cause (a Jedis engine thread, whose clients all use the failed server).
   */
  public void failedAsync(String operation, String key, Throwable e, CompletableFuture<Status> done) {
    failures.record(operation, key, e);
    long pause = outages.failed(e);
    if (pause == 0) {
      outages.reached();
    } else if (pauseByTimer) {
      CompletableFuture.delayedExecutor(pause, TimeUnit.NANOSECONDS, Runnable::run)
          .execute(() -> done.complete(Status.ERROR));
      return;
    } else if (e != pausedFor) {
      pausedFor = e;
      Outages.pause(pause);
    }
    done.complete(Status.ERROR);
  }

  /** Counts a failure that is neither the server's reply nor a failure to reach it (bad input): ERROR. */
  public Status refused(String operation, String key, Throwable e) {
    failures.record(operation, key, e);
    return Status.ERROR;
  }

  /** Whether {@code e} is an error reply of the server, not a failure to reach it (see {@link Outages}). */
  public static boolean isReply(Throwable e) {
    return Outages.isReply(e);
  }

  /** The cause a {@link CompletionException} wraps, or {@code e}. */
  public static Throwable unwrap(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }
}
