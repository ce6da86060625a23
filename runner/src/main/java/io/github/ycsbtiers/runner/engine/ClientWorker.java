package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One synchronous client: initialises its binding instance, waits for every other client to be
 * ready, warms up if asked (see {@link WarmupGate}), then runs its share of the operations and
 * cleans up. Failures are handed to the {@link RunCoordinator}; nothing here exits the process.
 */
final class ClientWorker implements Runnable, Progress {
  private static final VarHandle OPS_DONE;
  private static final VarHandle WARMUP_OPS;

  static {
    try {
      OPS_DONE = MethodHandles.lookup().findVarHandle(ClientWorker.class, "opsDone", long.class);
      WARMUP_OPS = MethodHandles.lookup().findVarHandle(ClientWorker.class, "warmupOps", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int id;
  private final TimedDb db;
  private final Throttle throttle;
  private final StepFactory stepFactory;
  private final RunCoordinator coordinator;
  private final Warmup warmup;
  /** False for an unbounded run (operationcount=0); a bounded client may be left a share of 0. */
  private final boolean bounded;
  private long opCount;
  @SuppressWarnings("unused") // written through OPS_DONE
  private volatile long opsDone;
  @SuppressWarnings("unused") // written through WARMUP_OPS
  private volatile long warmupOps;

  /** Creates the step once the binding is initialised (a workload's thread state may need it). */
  interface StepFactory {
    OperationStep create(TimedDb db, int clientId) throws Exception;
  }

  /**
   * @param opCount this client's operations; with a warm-up, replaced by its share of what the
   *     gate releases
   * @param throttle a throttle for this client, or null without {@code -target}
   * @param warmup the warm-up, or null without one
   */
  ClientWorker(int id, TimedDb db, long opCount, Throttle throttle, StepFactory stepFactory,
               RunCoordinator coordinator, Warmup warmup) {
    this.id = id;
    this.db = db;
    this.opCount = opCount;
    this.bounded = opCount != 0;
    this.throttle = throttle;
    this.stepFactory = stepFactory;
    this.coordinator = coordinator;
    this.warmup = warmup;
  }

  /** What a client needs to warm up: the gate, and its share of the measured operations. */
  record Warmup(WarmupGate gate, MeasurementRegistry measured, java.util.function.LongUnaryOperator shareOf) {
  }

  @Override
  public long warmupOpsDone() {
    return (long) WARMUP_OPS.getOpaque(this);
  }

  @Override
  public long opsDone() {
    return (long) OPS_DONE.getOpaque(this);
  }

  @Override
  public long opsTodo() {
    long todo = opCount - opsDone();
    return todo < 0 ? 0 : todo;
  }

  @Override
  public void run() {
    OperationStep step;
    try {
      db.init();
    } catch (Throwable e) {
      coordinator.initFailed(id, e);
      return;
    }
    try {
      step = stepFactory.create(db, id);
    } catch (Throwable e) {
      coordinator.initFailed(id, e);
      coordinator.cleanUp(id, db);
      return;
    }
    if (!coordinator.readyAndAwaitStart()) {
      coordinator.cleanUp(id, db);
      return;
    }
    boolean arrived = warmup == null;
    try {
      if (warmup != null) {
        boolean more = warmUp(step);
        arrived = true;
        opCount = warmup.shareOf().applyAsLong(warmup.gate().arriveAndAwaitMeasured());
        db.measureInto(warmup.measured());
        if (!more) {
          return;
        }
      }
      runOperations(step);
    } catch (Throwable e) {
      coordinator.clientDied(id, e);
    } finally {
      if (!arrived) {
        warmup.gate().leave();
      }
      coordinator.cleanUp(id, db);
      coordinator.clientFinished();
    }
  }

  /**
   * Runs the workload unmeasured until the gate ends the warm-up, at the client's share of
   * {@code -target} if one is set; false if the workload had nothing more to do.
   */
  private boolean warmUp(OperationStep step) {
    WarmupGate gate = warmup.gate();
    StopSignal stop = gate.warmupStop();
    Throttle paced = throttle == null ? null : throttle.copy();
    long done = 0;
    if (paced != null) {
      paced.start();
    }
    while (!coordinator.isStopRequested() && gate.takeOp()) {
      if (!step.next()) {
        return false;
      }
      done++;
      WARMUP_OPS.setOpaque(this, done);
      if (paced != null) {
        paced.awaitNext(done, stop);
      }
    }
    return true;
  }

  private void runOperations(OperationStep step) {
    long done = 0;
    if (throttle != null) {
      throttle.start();
    }
    while ((!bounded || done < opCount) && !coordinator.isStopRequested()) {
      if (!step.next()) {
        break;
      }
      done++;
      OPS_DONE.setOpaque(this, done);
      if (throttle != null) {
        db.setIntendedStartNanos(throttle.awaitNext(done, coordinator));
      }
    }
  }
}
