/**
 * The capacity read from one rate profile (a ramp through the knee): per timeline row of a profiled
 * phase, the achieved rate against the intended p99, its knee, and the stepped {@code --curve}'s
 * knee beside it where the same phase has both ({@link io.github.ycsbtiers.suite.capacity.RampCapacity},
 * {@link io.github.ycsbtiers.suite.capacity.CapacityReport}). Reads timelines and curves; nothing
 * depends on it but the run.
 */
package io.github.ycsbtiers.suite.capacity;
