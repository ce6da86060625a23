/**
 * The seeded random source of the long-capable core workload: one
 * {@link io.github.ycsbtiers.runner.workload.random.WorkloadRandom} per logical client (a thread of
 * the {@code sync} engine, an operation in flight of the {@code async} engine), seeded from the
 * client's seed and the thread's number, so that a run's key and operation sequences can be
 * repeated.
 */
package io.github.ycsbtiers.runner.workload.random;
