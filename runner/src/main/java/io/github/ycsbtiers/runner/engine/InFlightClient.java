package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncCommandDb;
import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.Operation;
import io.github.ycsbtiers.runner.workload.OperationKind;
import io.github.ycsbtiers.runner.workload.OperationRunner;
import io.github.ycsbtiers.runner.workload.template.CommandOp;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import site.ycsb.Status;
import site.ycsb.Workload;

/**
 * One logical client of the {@code async} engine: at most one operation in flight, the next one
 * issued once the previous has completed, so N of them keep N operations in flight as N
 * synchronous threads would. The operation's latency, return code, data integrity check and key
 * acknowledgement are recorded at completion, on whatever thread the binding completes it, as
 * {@link TimedDb} and {@link OperationRunner} do for the {@code sync} engine.
 *
 * <p>Unthrottled, the next operation is issued right there, on the completing thread (for Lettuce
 * its I/O thread), so no thread is woken per operation. The client goes back to its
 * {@link AsyncDriver} when it is done, when the run stops, when its next operation is not due
 * yet ({@code -target}), or when an operation completed while being issued (which would
 * otherwise recurse).
 *
 * <p>With the template workload, an operation is a command or a batch sent through the binding's
 * {@link AsyncCommandDb}, recorded under its sections as {@link TemplateStep} does.
 */
final class InFlightClient implements BiConsumer<Status, Throwable> {
  private static final String READ = OperationKind.READ.measurementName();
  private static final String UPDATE = OperationKind.UPDATE.measurementName();
  private static final String RMW = OperationKind.READ_MODIFY_WRITE.measurementName();
  private static final VarHandle DONE;

  static {
    try {
      DONE = MethodHandles.lookup().findVarHandle(InFlightClient.class, "done", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final AsyncDriver driver;
  private final LongCoreWorkload workload;
  private final OperationRunner runner;
  private final boolean transactions;
  private final boolean dataIntegrity;
  private final int index;
  /** False for an unbounded run (operationcount=0); a bounded client may be left a share of 0. */
  private final boolean bounded;
  private final Throttle rate;
  private final Operation op;
  /** The template workload, or null for the core workload. */
  private final TemplateWorkload templates;
  private final CommandOp command;
  private AsyncCommandDb commandDb;
  // Changed by the driver between warm-up and measurement, while nothing is in flight. Both
  // phases go through a gate and a limit, so they run the same compiled code.
  private long limit;
  private Throttle throttle;
  private WarmupGate gate;
  private TimedDb timed;
  private AsyncDb db;
  @SuppressWarnings("unused") // written through DONE, read by the status line
  private volatile long done;
  private volatile boolean issuing;
  private volatile Throwable died;
  private long intendedStart;
  private long start;
  private long stepStart;
  private boolean updateStep;

  /**
   * @param index this client's number among all logical clients of the run
   * @param opCount its operations (with a warm-up, replaced by its share of what the gate releases)
   * @param throttle its throttle, or null without {@code -target}
   * @param warmup the warm-up gate, or null without a warm-up
   */
  InFlightClient(AsyncDriver driver, Workload workload, boolean transactions, int index, long opCount,
                 Throttle throttle, WarmupGate warmup) {
    this.driver = driver;
    this.templates = workload instanceof TemplateWorkload t ? t : null;
    this.workload = templates == null ? (LongCoreWorkload) workload : null;
    this.runner = templates == null ? this.workload.runner() : null;
    this.transactions = transactions;
    this.dataIntegrity = templates == null && this.workload.options().dataIntegrity();
    this.index = index;
    // the logical client's number seeds its stream: whichever thread completes an operation, the
    // client's sequence stays that of a sync thread with the same number
    this.op = templates == null ? this.workload.newOperation(index) : new Operation();
    this.command = templates == null ? null : templates.newOperation(index);
    this.bounded = opCount != 0;
    this.rate = throttle;
    this.throttle = throttle == null ? null : throttle.copy();
    this.gate = warmup != null ? warmup : WarmupGate.alwaysOpen();
    this.limit = warmup != null || !bounded ? Long.MAX_VALUE : opCount;
  }

  int index() {
    return index;
  }

  /**
   * Leaves the warm-up: counts from 0 again, with {@code share} operations and a throttle
   * schedule that starts with its first measured operation. Only while nothing is in flight.
   */
  void enterMeasured(long share, WarmupGate open) {
    DONE.setOpaque(this, 0L);
    limit = bounded ? share : Long.MAX_VALUE;
    throttle = rate == null ? null : rate.copy();
    gate = open;
  }

  void bind(TimedDb timedDb, AsyncDb asyncDb) {
    this.timed = timedDb;
    this.db = asyncDb;
    this.commandDb = timedDb.delegate() instanceof AsyncCommandDb c ? c : null;
  }

  /** Operations completed; may lag behind when read from another thread than the client's last. */
  long done() {
    return (long) DONE.getOpaque(this);
  }

  /** Whether another operation is to be issued: while the warm-up lasts, or up to its share. */
  boolean hasMore() {
    return done() < limit && gate.isWarmingUp();
  }

  /** When the next operation is due under throttling, or 0 to issue it at once. */
  long dueNanos() {
    return throttle == null ? 0 : throttle.dueNanos(done());
  }

  void startSchedule(long nowNanos) {
    if (throttle != null) {
      throttle.startAt(nowNanos);
    }
  }

  /** Produces and sends the next operation; {@code dueNanos} is its intended start, 0 for "now". */
  void issue(long dueNanos) {
    issuing = true;
    try {
      send(dueNanos);
    } finally {
      issuing = false;
    }
  }

  private void send(long dueNanos) {
    if (!gate.takeOp()) {
      driver.completed(this); // the warm-up is over: back to the driver with nothing in flight
      return;
    }
    if (templates != null) {
      sendCommand(dueNanos);
      return;
    }
    if (transactions) {
      workload.nextTransaction(op);
    } else {
      workload.nextInsert(op);
    }
    start = System.nanoTime();
    stepStart = start;
    intendedStart = dueNanos == 0 ? start : dueNanos;
    updateStep = false;
    CompletionStage<Status> sent;
    try {
      switch (op.kind()) {
        case READ, READ_MODIFY_WRITE -> sent = db.readAsync(op.table(), op.key(), op.fields(), op.readResult());
        case UPDATE -> sent = db.updateAsync(op.table(), op.key(), op.values());
        case INSERT -> sent = db.insertAsync(op.table(), op.key(), op.values());
        case DELETE -> sent = db.deleteAsync(op.table(), op.key());
        default -> {
          scanSynchronously();
          return;
        }
      }
    } catch (RuntimeException e) {
      accept(null, e);
      return;
    }
    sent.whenComplete(this);
  }

  private void sendCommand(long dueNanos) {
    if (transactions) {
      templates.nextTransaction(command);
    } else {
      templates.nextInsert(command);
    }
    start = System.nanoTime();
    intendedStart = dueNanos == 0 ? start : dueNanos;
    CompletionStage<Status> sent;
    try {
      sent = command.isBatch() ? commandDb.batchAsync(command.commands(), command.count(), command.mode())
          : commandDb.commandAsync(command.commands()[0]);
    } catch (RuntimeException e) {
      accept(null, e);
      return;
    }
    sent.whenComplete(this);
  }

  /** The asynchronous interface has no scan: it is done on the driver's thread, as in {@code sync}. */
  private void scanSynchronously() {
    timed.setIntendedStartNanos(intendedStart);
    timed.scan(op.table(), op.key(), op.scanLength(), op.fields(), op.scanResult());
    timed.setIntendedStartNanos(0);
    finish();
  }

  /** Completion of the operation sent last; called once per send, on any thread. */
  @Override
  public void accept(Status status, Throwable thrown) {
    long end = System.nanoTime();
    Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    Status s = status == null && cause == null ? Status.ERROR : status;
    if (templates != null) {
      CommandRecording.record(timed, command, s, cause, intendedStart, start, end);
      finish();
      return;
    }
    switch (op.kind()) {
      case READ_MODIFY_WRITE -> {
        if (!updateStep) {
          // as the sync engine: both halves are timed from the operation's intended start too
          timed.recordOperation(READ, s, cause, intendedStart, stepStart, end);
          sendUpdate();
          return;
        }
        timed.recordOperation(UPDATE, s, cause, throttle == null ? stepStart : intendedStart, stepStart, end);
        if (dataIntegrity) {
          runner.verify(op, timed);
        }
        timed.recordLatency(RMW, intendedStart, start, end);
      }
      case READ -> {
        timed.recordOperation(READ, s, cause, intendedStart, start, end);
        if (dataIntegrity) {
          runner.verify(op, timed);
        }
      }
      default -> {
        timed.recordOperation(op.kind().measurementName(), s, cause, intendedStart, start, end);
        runner.acknowledge(op);
      }
    }
    finish();
  }

  /** The write half of READ-MODIFY-WRITE: updates whatever the read returned, as upstream 0.17. */
  private void sendUpdate() {
    updateStep = true;
    stepStart = System.nanoTime();
    CompletionStage<Status> sent;
    try {
      sent = db.updateAsync(op.table(), op.key(), op.values());
    } catch (RuntimeException e) {
      accept(null, e);
      return;
    }
    sent.whenComplete(this);
  }

  private void finish() {
    DONE.setOpaque(this, done() + 1);
    if (!issuing && throttle == null && hasMore() && !driver.isStopRequested()) {
      try {
        issue(0);
      } catch (Throwable e) {
        // thrown on the binding's thread, which would swallow it: the driver reports it
        died = e;
        driver.completed(this);
      }
    } else {
      driver.completed(this);
    }
  }

  /** What was thrown while this client issued an operation on the binding's thread, or null. */
  Throwable died() {
    return died;
  }
}
