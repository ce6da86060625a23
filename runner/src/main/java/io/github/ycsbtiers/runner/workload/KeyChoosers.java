package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import site.ycsb.generator.AcknowledgedCounterGenerator;

/**
 * The core workload's run-phase key choice for other workloads (the template workload's
 * keyspaces): {@code requestdistribution} and its parameters over key numbers
 * {@code insertstart .. insertstart + insertcount - 1} of {@code o}, 64-bit.
 */
public final class KeyChoosers {
  private KeyChoosers() {
  }

  /** A chooser over the record range of {@code o}; thread-safe as the core workload's. */
  public static LongSupplier of(CoreWorkloadOptions o) {
    KeyChooser chooser = new KeyChooser(o, new AcknowledgedCounterGenerator(o.recordCount()));
    // the template workload draws from ThreadLocalRandom elsewhere: its key choice is not seeded either
    ThreadLocal<WorkloadRandom> streams = ThreadLocal.withInitial(
        () -> new WorkloadRandom(ThreadLocalRandom.current().nextLong()));
    return () -> chooser.next(streams.get());
  }
}
