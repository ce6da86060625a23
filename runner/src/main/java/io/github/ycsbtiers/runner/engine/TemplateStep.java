package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncCommandDb;
import io.github.ycsbtiers.api.CommandDb;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.template.CommandOp;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import site.ycsb.Status;

/**
 * One client's operations of the template workload, on either engine: a command or a batch,
 * sent through the binding's {@link CommandDb} ({@code sync}) or {@link AsyncCommandDb}
 * ({@code async}), and recorded under each of its sections (template, keyspace, command, total),
 * latency and return code alike.
 */
final class TemplateStep implements OperationStep, AsyncOperationStep {
  private final TemplateWorkload workload;
  private final TimedDb timed;
  private final CommandDb db;
  /** The binding's asynchronous commands, or null on the {@code sync} engine. */
  private final AsyncCommandDb asyncDb;
  private final boolean transactions;
  private final CommandOp op;
  // the operation in flight on the async engine
  private long intendedStart;
  private long start;

  /** @param op the client's operation with its seeded stream ({@link TemplateWorkload#newOperation}) */
  TemplateStep(TemplateWorkload workload, TimedDb timed, CommandOp op, boolean transactions) {
    this.workload = workload;
    this.timed = timed;
    this.db = (CommandDb) timed.delegate();
    this.asyncDb = timed.delegate() instanceof AsyncCommandDb a ? a : null;
    this.op = op;
    this.transactions = transactions;
  }

  private void produce() {
    if (transactions) {
      workload.nextTransaction(op);
    } else {
      workload.nextInsert(op);
    }
  }

  @Override
  public boolean next() {
    produce();
    long begin = System.nanoTime();
    long intended = timed.intendedStartFor(begin);
    Status status;
    Throwable thrown = null;
    try {
      status = op.isBatch() ? db.batch(op.commands(), op.count(), op.mode()) : db.command(op.commands()[0]);
    } catch (RuntimeException e) {
      status = Status.ERROR;
      thrown = e;
    }
    record(status, thrown, intended, begin, System.nanoTime());
    return true;
  }

  @Override
  public boolean send(long dueNanos, BiConsumer<Status, Throwable> completion) {
    produce();
    start = System.nanoTime();
    intendedStart = timed.scheduledStart(dueNanos, start);
    CompletionStage<Status> sent;
    try {
      sent = op.isBatch() ? asyncDb.batchAsync(op.commands(), op.count(), op.mode())
          : asyncDb.commandAsync(op.commands()[0]);
    } catch (RuntimeException e) {
      completion.accept(null, e);
      return true;
    }
    sent.whenComplete(completion);
    return true;
  }

  @Override
  public boolean complete(Status status, Throwable cause, long endNanos, BiConsumer<Status, Throwable> completion) {
    record(status, cause, intendedStart, start, endNanos);
    return true;
  }

  private void record(Status status, Throwable thrown, long intended, long begin, long end) {
    for (String section : op.sections()) {
      timed.recordOperation(section, status, thrown, intended, begin, end);
    }
  }
}
