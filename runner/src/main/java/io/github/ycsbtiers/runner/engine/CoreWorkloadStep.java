package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.Operation;
import io.github.ycsbtiers.runner.workload.OperationKind;
import io.github.ycsbtiers.runner.workload.OperationRunner;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import site.ycsb.Status;

/**
 * One client's operations of the long-capable core workload, on either engine: produced as a
 * value, then executed. On {@code sync} through {@link LongCoreWorkload#execute}; on
 * {@code async} sent through the binding's {@link AsyncDb}, with the latency, return code, data
 * integrity check and key acknowledgement recorded at completion, as {@link TimedDb} and
 * {@link OperationRunner} do for {@code sync}.
 */
final class CoreWorkloadStep implements OperationStep, AsyncOperationStep {
  private static final String READ = OperationKind.READ.measurementName();
  private static final String UPDATE = OperationKind.UPDATE.measurementName();
  private static final String RMW = OperationKind.READ_MODIFY_WRITE.measurementName();

  private final LongCoreWorkload workload;
  private final TimedDb db;
  /** The binding's asynchronous interface, or null on the {@code sync} engine. */
  private final AsyncDb asyncDb;
  private final OperationRunner runner;
  private final boolean dataIntegrity;
  private final boolean transactions;
  private final boolean throttled;
  private final Operation op;
  // the operation in flight on the async engine
  private long intendedStart;
  private long start;
  private long stepStart;
  private boolean updateStep;

  /**
   * @param op the client's operation with its seeded stream ({@link LongCoreWorkload#newOperation})
   * @param throttled whether the client runs under {@code -target}
   */
  CoreWorkloadStep(LongCoreWorkload workload, TimedDb db, Operation op, boolean transactions, boolean throttled) {
    this.workload = workload;
    this.db = db;
    this.asyncDb = db.delegate() instanceof AsyncDb a ? a : null;
    this.runner = workload.runner();
    this.dataIntegrity = workload.options().dataIntegrity();
    this.op = op;
    this.transactions = transactions;
    this.throttled = throttled;
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
    workload.execute(db, op, db);
    return true;
  }

  @Override
  public boolean send(long dueNanos, BiConsumer<Status, Throwable> completion) {
    produce();
    start = System.nanoTime();
    stepStart = start;
    intendedStart = db.scheduledStart(dueNanos, start);
    updateStep = false;
    CompletionStage<Status> sent;
    try {
      switch (op.kind()) {
        case READ, READ_MODIFY_WRITE -> sent = asyncDb.readAsync(op.table(), op.key(), op.fields(), op.readResult());
        case UPDATE -> sent = asyncDb.updateAsync(op.table(), op.key(), op.values());
        case INSERT -> sent = asyncDb.insertAsync(op.table(), op.key(), op.values());
        case DELETE -> sent = asyncDb.deleteAsync(op.table(), op.key());
        default -> {
          scanSynchronously();
          return false;
        }
      }
    } catch (RuntimeException e) {
      completion.accept(null, e);
      return true;
    }
    sent.whenComplete(completion);
    return true;
  }

  /** The asynchronous interface has no scan: it is done on the driver's thread, as in {@code sync}. */
  private void scanSynchronously() {
    db.setIntendedStartNanos(intendedStart);
    db.scan(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult());
    db.setIntendedStartNanos(0);
  }

  @Override
  public boolean complete(Status s, Throwable cause, long end, BiConsumer<Status, Throwable> completion) {
    switch (op.kind()) {
      case READ_MODIFY_WRITE -> {
        if (!updateStep) {
          // as the sync engine: both halves are timed from the operation's intended start too
          db.recordOperation(READ, s, cause, intendedStart, stepStart, end);
          sendUpdate(completion);
          return false;
        }
        db.recordOperation(UPDATE, s, cause, throttled ? intendedStart : stepStart, stepStart, end);
        if (dataIntegrity) {
          runner.verify(op, db);
        }
        db.recordLatency(RMW, intendedStart, start, end);
      }
      case READ -> {
        db.recordOperation(READ, s, cause, intendedStart, start, end);
        if (dataIntegrity) {
          runner.verify(op, db);
        }
      }
      default -> {
        db.recordOperation(op.kind().measurementName(), s, cause, intendedStart, start, end);
        runner.acknowledge(op);
      }
    }
    return true;
  }

  /** The write half of READ-MODIFY-WRITE: updates whatever the read returned, as upstream 0.17. */
  private void sendUpdate(BiConsumer<Status, Throwable> completion) {
    updateStep = true;
    stepStart = System.nanoTime();
    CompletionStage<Status> sent;
    try {
      sent = asyncDb.updateAsync(op.table(), op.key(), op.values());
    } catch (RuntimeException e) {
      completion.accept(null, e);
      return;
    }
    sent.whenComplete(completion);
  }
}
