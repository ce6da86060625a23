package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.redis.internal.FailedOperations;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import site.ycsb.Status;

/**
 * Sends commands over one client library; one instance per binding instance. Never throws for a
 * failure: the status is ERROR, the cause is counted, and a failure to reach the server pauses the
 * client as the record operations do ({@link FailedOperations}); a reply ends an outage.
 */
public abstract class CommandExecutor {
  /** The operation name failures are counted under. */
  static final String OPERATION = "COMMAND";
  private final FailedOperations failures;

  CommandExecutor(FailedOperations failures) {
    this.failures = failures;
  }

  public abstract Status command(byte[][] args);

  public abstract Status batch(byte[][][] commands, int count, BatchMode mode);

  public abstract CompletionStage<Status> commandAsync(byte[][] args);

  public abstract CompletionStage<Status> batchAsync(byte[][][] commands, int count, BatchMode mode);

  /** The command {@code args} failed on the calling thread: ERROR, after the backoff pause in an outage. */
  final Status failed(byte[][] args, Throwable e) {
    return failures.failed(OPERATION, describe(args), key(args), e);
  }

  /**
   * Counts a failure that does not say the server is out of reach (an error reply, a batch refused
   * before it was sent): ERROR, no pause.
   */
  final Status counted(byte[][] args, Throwable e) {
    return failures.refused(OPERATION, describe(args), e);
  }

  /**
   * The server replied to {@code args} (also with an error reply, already counted): an outage going
   * on (on a Cluster, of the master of its key) is over.
   */
  final Status reached(byte[][] args, Status status) {
    return failures.reached(status, key(args));
  }

  /**
   * Waits for {@code sent} on the calling thread: its status, or, if it failed without a reply,
   * ERROR after the backoff pause on this thread.
   */
  final Status settle(byte[][] args, CompletionStage<Status> sent) {
    try {
      return reached(args, sent.toCompletableFuture().get());
    } catch (ExecutionException e) {
      return failed(args, FailedOperations.unwrap(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    }
  }

  /**
   * The stage of {@code sent} for the asynchronous caller: its status, or, if it failed without a
   * reply, ERROR completed after the backoff pause by a timer (never sleeping on Lettuce's thread).
   */
  final CompletionStage<Status> settleAsync(byte[][] args, CompletionStage<Status> sent) {
    CompletableFuture<Status> done = new CompletableFuture<>();
    sent.whenComplete((status, e) -> {
      if (e == null) {
        done.complete(reached(args, status));
      } else {
        failures.failedAsync(OPERATION, describe(args), key(args), FailedOperations.unwrap(e), done);
      }
    });
    return done;
  }

  /** The command name and key, for the one failure kept. */
  static String describe(byte[][] args) {
    String name = new String(args[0], StandardCharsets.UTF_8);
    return args.length > 1 ? name + " " + new String(args[1], StandardCharsets.UTF_8) : name;
  }

  /**
   * The key a Cluster routes {@code args} by, its first argument (a template's first key), or null
   * for a command without arguments: the outage a failure starts or a reply ends is that key's
   * master's.
   */
  static byte[] key(byte[][] args) {
    return args.length > 1 ? args[1] : null;
  }

  /** The worse of two statuses: the first non-OK one wins. */
  static Status worse(Status sofar, Status next) {
    return sofar.isOk() ? next : sofar;
  }
}
