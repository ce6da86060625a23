package io.github.ycsbtiers.runner.workload;

import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.generator.AcknowledgedCounterGenerator;

/**
 * Executes a filled {@link Operation} synchronously on a {@link DB}, with upstream core workload
 * semantics. The DB is expected to be the engine's timing decorator, so single calls are timed
 * there; this class times only the steps that are not one call: {@code READ-MODIFY-WRITE} (read
 * plus update) and {@code VERIFY} (the data integrity check), reported to a {@link TimingSink}.
 *
 * <p>Never throws for a database failure: a {@link RuntimeException} or a null status from the DB
 * becomes {@link Status#ERROR} (this project's engines report the cause through their timing
 * decorator; upstream's DBWrapper does not catch). Load-phase inserts are retried as {@code
 * core_workload_insertion_retry_limit} and {@code core_workload_insertion_retry_interval} say, with
 * fresh values for each attempt (upstream resends already-consumed iterators); a failed insert is
 * returned, not fatal. Thread-safe.
 */
public final class OperationRunner {
  /** Section name of the data integrity check. */
  public static final String VERIFY = "VERIFY";
  private static final String READ_MODIFY_WRITE = OperationKind.READ_MODIFY_WRITE.measurementName();

  private final RecordValues values;
  private final AcknowledgedCounterGenerator transactionKeys;
  private final boolean dataIntegrity;
  private final int retryLimit;
  private final long retryIntervalMillis;

  OperationRunner(CoreWorkloadOptions o, RecordValues values, AcknowledgedCounterGenerator transactionKeys) {
    this.values = values;
    this.transactionKeys = transactionKeys;
    this.dataIntegrity = o.dataIntegrity();
    this.retryLimit = o.insertionRetryLimit();
    this.retryIntervalMillis = 1000L * o.insertionRetryIntervalSeconds();
  }

  /**
   * Executes {@code op}. READ fills {@code op.readResult()} and, with {@code dataintegrity}, is
   * verified; READ_MODIFY_WRITE reads, then updates whatever the read returned (as upstream 0.17),
   * is verified, and is timed from before the read to after the update, with no return code (as
   * upstream). Its result is the read's status if that failed, else the update's.
   *
   * @return the operation's status; never null
   */
  public Status execute(DB db, Operation op, TimingSink sink) {
    switch (op.kind()) {
      case READ:
        Status read = read(db, op);
        if (dataIntegrity) {
          verify(op, sink);
        }
        return read;
      case UPDATE:
        return update(db, op);
      case INSERT:
        if (op.acknowledgesKey()) {
          try {
            return insert(db, op);
          } finally {
            acknowledge(op);
          }
        }
        return insertWithRetries(db, op);
      case SCAN:
        return scan(db, op);
      case READ_MODIFY_WRITE:
        return readModifyWrite(db, op, sink);
      case DELETE:
        return delete(db, op);
      default:
        throw new IllegalArgumentException("unknown operation kind " + op.kind());
    }
  }

  /**
   * Checks {@code op.readResult()} against the deterministic values of {@code op.key()} and reports
   * the outcome under {@value #VERIFY}: OK, UNEXPECTED_STATE for a mismatch, ERROR for an empty
   * result. For engines that execute reads themselves with {@code dataintegrity}.
   */
  public Status verify(Operation op, TimingSink sink) {
    long st = System.nanoTime();
    Status status = values.verify(op.key(), op.readResult());
    long en = System.nanoTime();
    sink.record(VERIFY, status, st, en);
    return status;
  }

  /**
   * Acknowledges the key number of a run-phase insert once it has completed (whatever its
   * outcome), so that key choice and the {@code latest} distribution can use it; nothing for other
   * operations. {@link #execute} does this itself; engines that execute inserts otherwise must call
   * it exactly once per such operation.
   */
  public void acknowledge(Operation op) {
    if (op.acknowledgesKey()) {
      transactionKeys.acknowledge(op.keyNumber());
    }
  }

  private Status readModifyWrite(DB db, Operation op, TimingSink sink) {
    long st = System.nanoTime();
    Status read = read(db, op);
    Status update = update(db, op);
    long en = System.nanoTime();
    if (dataIntegrity) {
      verify(op, sink);
    }
    sink.record(READ_MODIFY_WRITE, null, st, en);
    return read.isOk() ? update : read;
  }

  private Status insertWithRetries(DB db, Operation op) {
    int retries = 0;
    while (true) {
      Status status = insert(db, op);
      if (status.isOk()) {
        return status;
      }
      if (++retries > retryLimit) {
        if (retryLimit > 0) {
          System.err.println("Error inserting, not retrying any more. number of attempts: " + retries
              + ". Insertion Retry Limit: " + retryLimit);
        }
        return status;
      }
      System.err.println("Retrying insertion, retry count: " + retries);
      if (!pauseBeforeRetry()) {
        return status;
      }
      op.withValues(values.allValues(op.key(), op.random()));
    }
  }

  /** Sleeps 0.8 to 1.2 times the retry interval, as upstream; false if interrupted. */
  private boolean pauseBeforeRetry() {
    long millis = (long) (retryIntervalMillis * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble()));
    try {
      Thread.sleep(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Status read(DB db, Operation op) {
    try {
      return orError(db.read(op.table(), op.key(), op.fields(), op.readResult()));
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private Status update(DB db, Operation op) {
    try {
      return orError(db.update(op.table(), op.key(), op.values()));
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private Status insert(DB db, Operation op) {
    try {
      return orError(db.insert(op.table(), op.key(), op.values()));
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private Status scan(DB db, Operation op) {
    try {
      return orError(db.scan(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult()));
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private Status delete(DB db, Operation op) {
    try {
      return orError(db.delete(op.table(), op.key()));
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  private static Status orError(Status status) {
    return status == null ? Status.ERROR : status;
  }
}
