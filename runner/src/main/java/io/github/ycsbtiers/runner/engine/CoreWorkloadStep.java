package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.Operation;

/** One operation of the long-capable core workload: produced as a value, then executed. */
final class CoreWorkloadStep implements OperationStep {
  private final LongCoreWorkload workload;
  private final TimedDb db;
  private final boolean transactions;
  private final Operation op;

  /** @param op the client's operation with its seeded stream ({@link LongCoreWorkload#newOperation}) */
  CoreWorkloadStep(LongCoreWorkload workload, TimedDb db, Operation op, boolean transactions) {
    this.workload = workload;
    this.db = db;
    this.op = op;
    this.transactions = transactions;
  }

  @Override
  public boolean next() {
    if (transactions) {
      workload.nextTransaction(op);
    } else {
      workload.nextInsert(op);
    }
    workload.execute(db, op, db);
    return true;
  }
}
