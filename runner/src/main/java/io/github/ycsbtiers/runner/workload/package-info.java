/**
 * The long-capable core workload: {@link io.github.ycsbtiers.runner.workload.LongCoreWorkload}
 * replaces upstream's {@code CoreWorkload} with 64-bit counts and key numbers, same properties
 * ({@link io.github.ycsbtiers.runner.workload.CoreWorkloadOptions}) and same key names
 * ({@link io.github.ycsbtiers.runner.workload.KeyNamer}). It produces each operation as a reusable
 * value ({@link io.github.ycsbtiers.runner.workload.Operation}) that an engine executes, directly or
 * through {@link io.github.ycsbtiers.runner.workload.OperationRunner}; steps that are not a single
 * database call are timed into a {@link io.github.ycsbtiers.runner.workload.TimingSink}.
 */
package io.github.ycsbtiers.runner.workload;
