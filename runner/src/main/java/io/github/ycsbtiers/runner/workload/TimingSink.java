package io.github.ycsbtiers.runner.workload;

import site.ycsb.Status;

/**
 * Where a workload reports the timings it takes itself, for steps that are not a single
 * database call: {@code READ-MODIFY-WRITE} (read plus update) and {@code VERIFY} (data
 * integrity check). Single database calls are timed by the engine's database decorator.
 */
public interface TimingSink {
  /**
   * Records one step.
   *
   * @param measurement the section name, e.g. {@code READ-MODIFY-WRITE}
   * @param status the outcome to count under {@code Return=}, or null to count none (upstream
   *     YCSB counts no return code for READ-MODIFY-WRITE)
   * @param startNanos {@link System#nanoTime()} when the step started
   * @param endNanos {@link System#nanoTime()} when it ended
   */
  void record(String measurement, Status status, long startNanos, long endNanos);
}
