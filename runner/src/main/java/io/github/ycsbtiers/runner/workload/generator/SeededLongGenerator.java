package io.github.ycsbtiers.runner.workload.generator;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * A distribution of whole numbers that draws from the caller's seeded stream instead of a random
 * source of its own, so that a client's sequence of draws follows from its seed. Implementations
 * are immutable or share only what must be shared (a counter of inserted keys), so one instance
 * serves every thread.
 */
@FunctionalInterface
public interface SeededLongGenerator {
  /** The next value, drawn from {@code random}, which belongs to the calling client alone. */
  long next(WorkloadRandom random);
}
