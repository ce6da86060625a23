package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.CommandDb;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.template.CommandOp;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import site.ycsb.Status;

/** One operation of the template workload on the {@code sync} engine: a command or a batch, sent and timed. */
final class TemplateStep implements OperationStep {
  private final TemplateWorkload workload;
  private final TimedDb timed;
  private final CommandDb db;
  private final boolean transactions;
  private final CommandOp op;

  /** @param op the client's operation with its seeded stream ({@link TemplateWorkload#newOperation}) */
  TemplateStep(TemplateWorkload workload, TimedDb timed, CommandOp op, boolean transactions) {
    this.workload = workload;
    this.op = op;
    this.timed = timed;
    this.db = (CommandDb) timed.delegate();
    this.transactions = transactions;
  }

  @Override
  public boolean next() {
    if (transactions) {
      workload.nextTransaction(op);
    } else {
      workload.nextInsert(op);
    }
    long start = System.nanoTime();
    long intended = timed.intendedStartFor(start);
    Status status;
    Throwable thrown = null;
    try {
      status = op.isBatch() ? db.batch(op.commands(), op.count(), op.mode()) : db.command(op.commands()[0]);
    } catch (RuntimeException e) {
      status = Status.ERROR;
      thrown = e;
    }
    CommandRecording.record(timed, op, status, thrown, intended, start, System.nanoTime());
    return true;
  }
}
