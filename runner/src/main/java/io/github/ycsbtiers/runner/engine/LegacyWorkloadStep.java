package io.github.ycsbtiers.runner.engine;

import site.ycsb.DB;
import site.ycsb.Workload;

/** One operation of a third-party workload class, through its doInsert/doTransaction methods. */
final class LegacyWorkloadStep implements OperationStep {
  private final Workload workload;
  private final DB db;
  private final Object threadState;
  private final boolean transactions;

  LegacyWorkloadStep(Workload workload, DB db, Object threadState, boolean transactions) {
    this.workload = workload;
    this.db = db;
    this.threadState = threadState;
    this.transactions = transactions;
  }

  @Override
  public boolean next() {
    return transactions ? workload.doTransaction(db, threadState) : workload.doInsert(db, threadState);
  }
}
