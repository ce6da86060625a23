package io.github.ycsbtiers.api;

import java.util.concurrent.CompletionStage;
import site.ycsb.Status;

/**
 * The asynchronous side of {@link CommandDb}, for the runner's {@code async} engine: each call
 * sends a command or a batch and returns at once; the stage completes with the {@link Status}
 * that {@link CommandDb} would have returned. Several calls of one instance are in flight at
 * once, and the runner's async engine may send the next one from the thread that completed the
 * last (a client library's I/O thread), so implementations are thread-safe and never block; stages
 * may complete on any thread, and never exceptionally for a server error (that is
 * {@link Status#ERROR}). The argument arrays belong to the binding until the stage completes.
 */
public interface AsyncCommandDb {
  CompletionStage<Status> commandAsync(byte[][] args);

  CompletionStage<Status> batchAsync(byte[][][] commands, int count, BatchMode mode);

  /**
   * Why this instance, as configured (set, not yet initialised), cannot run commands
   * asynchronously, or null if it can. Answered without a connection.
   */
  default String asyncCommandsUnsupportedReason() {
    return null;
  }
}
