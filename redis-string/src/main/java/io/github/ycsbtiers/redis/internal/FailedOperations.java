package io.github.ycsbtiers.redis.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.util.JedisClusterCRC16;
import redis.clients.jedis.util.SafeEncoder;
import site.ycsb.Status;

/**
 * How one binding instance ends an operation, for the record operations and the command
 * templates alike: a failure is counted ({@link OperationFailures}) and becomes ERROR, after the
 * client's backoff pause if the server could not be reached ({@link Outages}); a reply ends an
 * outage going on. On a Cluster the outage is that of the master serving the operation's key
 * ({@link ClusterOutages}); the key's slot is computed only for a failure, or for a reply while
 * a master is in an outage. One instance per binding instance.
 */
public final class FailedOperations {
  private final OperationFailures failures;
  /** The outages of a standalone server; null on a Cluster. */
  private final Outages outages;
  /** The outages of each master of a Cluster; null for a standalone server. */
  private final ClusterOutages cluster;
  /** Lettuce completes on its own threads, which must not sleep: its pauses are timers. */
  private final boolean pauseByTimer;
  /**
   * The failure this instance paused for last: every command of a failed Jedis pipeline carries it,
   * and the pipeline pauses once, for the outage of its first failed command (on a Cluster, of
   * that command's master).
   */
  private Throwable pausedFor;

  public FailedOperations(SharedConnections.Lease lease, boolean pauseByTimer) {
    this.failures = lease.failures();
    this.cluster = lease.clusterOutages();
    this.outages = cluster == null ? lease.outages() : null;
    this.pauseByTimer = pauseByTimer;
  }

  /** The server replied to an operation on record {@code key}: an outage going on (of its master) is over. */
  public Status reached(Status status, String key) {
    if (cluster == null) {
      outages.reached();
    } else if (cluster.down()) {
      cluster.reached(JedisClusterCRC16.getSlot(key));
    }
    return status;
  }

  /**
   * The server replied to a command on {@code key} (null: a command without a key); see
   * {@link #reached(Status, String)}.
   */
  public Status reached(Status status, byte[] key) {
    if (cluster == null) {
      outages.reached();
    } else if (cluster.down()) {
      cluster.reached(slot(key));
    }
    return status;
  }

  /**
   * An operation on record {@code key} failed on the calling thread: ERROR, after the backoff
   * pause (on this thread) in an outage; an error reply ends an outage instead.
   */
  public Status failed(String operation, String key, Throwable e) {
    return failed(operation, key, SafeEncoder.encode(key), e);
  }

  /**
   * A command on {@code key} (null: none), {@code described} for the failure kept, failed on the
   * calling thread; see {@link #failed(String, String, Throwable)}.
   */
  public Status failed(String operation, String described, byte[] key, Throwable e) {
    failures.record(operation, described, e);
    Outages.pause(cluster == null ? pause(e) : pause(e, slot(key)));
    return Status.ERROR;
  }

  /**
   * Completes {@code done} with ERROR, after the backoff pause if the server could not be reached:
   * from a timer over Lettuce (never sleeping on its I/O thread), else on the calling thread once
   * per cause (a Jedis engine thread, whose clients all use the failed server).
   */
  public void failedAsync(String operation, String key, Throwable e, CompletableFuture<Status> done) {
    failedAsync(operation, key, SafeEncoder.encode(key), e, done);
  }

  /**
   * A command on {@code key} (null: none), {@code described} for the failure kept, failed; see
   * {@link #failedAsync(String, String, Throwable, CompletableFuture)}.
   */
  public void failedAsync(String operation, String described, byte[] key, Throwable e,
                          CompletableFuture<Status> done) {
    failures.record(operation, described, e);
    settle(cluster == null ? pause(e) : pause(e, slot(key)), e, done);
  }

  private void settle(long pause, Throwable e, CompletableFuture<Status> done) {
    if (pause > 0 && pauseByTimer) {
      CompletableFuture.delayedExecutor(pause, TimeUnit.NANOSECONDS, Runnable::run)
          .execute(() -> done.complete(Status.ERROR));
      return;
    }
    if (pause > 0 && e != pausedFor) {
      pausedFor = e;
      Outages.pause(pause);
    }
    done.complete(Status.ERROR);
  }

  /** The pause after a failure on a standalone server; an error reply ends an outage instead. */
  private long pause(Throwable e) {
    long pause = outages.failed(e);
    if (pause == 0) {
      outages.reached();
    }
    return pause;
  }

  /** The pause after a failure on {@code slot} of a Cluster; an error reply ends its master's outage instead. */
  private long pause(Throwable e, int slot) {
    long pause = cluster.failed(slot, e);
    if (pause == 0) {
      cluster.reached(slot);
    }
    return pause;
  }

  /** A command's slot; one without a key counts as slot 0's, where a Jedis batch without a key goes. */
  private static int slot(byte[] key) {
    return key == null ? 0 : JedisClusterCRC16.getSlot(key);
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
