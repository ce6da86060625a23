/**
 * Execution engines: client threads that pull operations from the workload, run them through the
 * timing decorator, throttle to {@code -target}, stop at {@code maxexecutiontime}, and report
 * progress on the status line.
 */
package io.github.ycsbtiers.runner.engine;
