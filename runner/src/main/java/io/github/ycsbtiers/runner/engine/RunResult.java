package io.github.ycsbtiers.runner.engine;

import java.util.List;

/**
 * What a run did: operations completed by all clients, the measured wall-clock time, and the
 * failures that make it incomplete (empty for a completed run).
 */
public final class RunResult {
  private final long operations;
  private final long runtimeMillis;
  private final boolean started;
  private final List<String> failures;

  RunResult(long operations, long runtimeMillis, boolean started, List<String> failures) {
    this.operations = operations;
    this.runtimeMillis = runtimeMillis;
    this.started = started;
    this.failures = List.copyOf(failures);
  }

  public long operations() {
    return operations;
  }

  public long runtimeMillis() {
    return runtimeMillis;
  }

  /** False when the run was aborted before any operation because a binding failed to initialise. */
  public boolean started() {
    return started;
  }

  public List<String> failures() {
    return failures;
  }

  public boolean completed() {
    return started && failures.isEmpty();
  }
}
