/**
 * Execution engines: {@code sync} (one OS thread per client, {@link
 * io.github.ycsbtiers.runner.engine.SyncEngine}) and {@code async} (the same logical clients, one
 * operation in flight each, driven by a few OS threads, {@link
 * io.github.ycsbtiers.runner.engine.AsyncEngine}). Both pull operations
 * from the workload, warm up unmeasured through a {@link
 * io.github.ycsbtiers.runner.engine.WarmupGate} when {@code warmuptime} asks, time them into the
 * same registry, throttle to {@code -target}, stop at
 * {@code maxexecutiontime}, and report progress on the status line.
 */
package io.github.ycsbtiers.runner.engine;
