package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import java.util.function.BiConsumer;
import site.ycsb.Status;
import site.ycsb.Workload;

/**
 * Produces, sends and records the operations of one logical client of the {@code async} engine
 * ({@link InFlightClient}), one at a time: the step of its workload, chosen once, so the client
 * does not ask per operation which workload it runs. The same step classes serve the {@code sync}
 * engine through {@link OperationStep}.
 */
interface AsyncOperationStep {
  /**
   * Fills the next operation and sends it; {@code completion} is called once when it completes,
   * on whatever thread the binding completes it (at once, with the exception, if sending threw).
   *
   * @param dueNanos the operation's intended start, 0 for "now"
   * @return false if the operation was done and recorded right here, and no completion follows
   */
  boolean send(long dueNanos, BiConsumer<Status, Throwable> completion);

  /**
   * Records the completion of what {@link #send} sent.
   *
   * @param status the binding's status, null if it threw {@code cause}
   * @return false if a second request of the same operation was sent (the update half of a
   *     read-modify-write), whose completion comes to {@code completion} again
   */
  boolean complete(Status status, Throwable cause, long endNanos, BiConsumer<Status, Throwable> completion);

  /**
   * The step of logical client {@code index}, with the client's seeded operation.
   *
   * @param workload the template workload or the long-capable core workload ({@link AsyncEngine#check})
   * @param throttled whether the client runs under {@code -target}
   */
  static AsyncOperationStep of(Workload workload, TimedDb db, int index, boolean transactions, boolean throttled) {
    if (workload instanceof TemplateWorkload templates) {
      return new TemplateStep(templates, db, templates.newOperation(index), transactions);
    }
    LongCoreWorkload core = (LongCoreWorkload) workload;
    return new CoreWorkloadStep(core, db, core.newOperation(index), transactions, throttled);
  }
}
