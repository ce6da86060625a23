package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.GcTotals;
import io.github.ycsbtiers.runner.warmup.WarmupResult;
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
  private final long thrownOperations;
  private final String firstThrown;
  private final WarmupResult warmup;
  private final GcTotals gcBefore;
  private final long cpuNanos;

  RunResult(long operations, long runtimeMillis, boolean started, List<String> failures, long thrownOperations,
            String firstThrown, WarmupResult warmup, GcTotals gcBefore, long cpuNanos) {
    this.operations = operations;
    this.runtimeMillis = runtimeMillis;
    this.started = started;
    this.failures = List.copyOf(failures);
    this.thrownOperations = thrownOperations;
    this.firstThrown = firstThrown;
    this.warmup = warmup;
    this.gcBefore = gcBefore;
    this.cpuNanos = cpuNanos;
  }

  /** CPU time the process used during the measured phase (the window of {@link #runtimeMillis}); -1 if unknown. */
  public long cpuNanos() {
    return cpuNanos;
  }

  /** What the warm-up did, or null without one. */
  public WarmupResult warmup() {
    return warmup;
  }

  /** Garbage-collector totals when measuring started ({@link GcTotals#zero()} without a warm-up). */
  public GcTotals gcBefore() {
    return gcBefore;
  }

  /** Operations whose binding threw an exception (counted as ERROR, not fatal). */
  public long thrownOperations() {
    return thrownOperations;
  }

  /** The first such exception as {@code OP: class: message}, or null. */
  public String firstThrown() {
    return firstThrown;
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
