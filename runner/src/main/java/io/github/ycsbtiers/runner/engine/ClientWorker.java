package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.TimedDb;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One synchronous client: initialises its binding instance, waits for every other client to be
 * ready, then runs its share of the operations and cleans up. Failures are handed to the
 * {@link RunCoordinator}; nothing here exits the process.
 */
final class ClientWorker implements Runnable, Progress {
  private static final VarHandle OPS_DONE;

  static {
    try {
      OPS_DONE = MethodHandles.lookup().findVarHandle(ClientWorker.class, "opsDone", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int id;
  private final TimedDb db;
  private final long opCount;
  private final Throttle throttle;
  private final StepFactory stepFactory;
  private final RunCoordinator coordinator;
  @SuppressWarnings("unused") // written through OPS_DONE
  private volatile long opsDone;

  /** Creates the step once the binding is initialised (a workload's thread state may need it). */
  interface StepFactory {
    OperationStep create(TimedDb db, int clientId) throws Exception;
  }

  ClientWorker(int id, TimedDb db, long opCount, Throttle throttle, StepFactory stepFactory,
               RunCoordinator coordinator) {
    this.id = id;
    this.db = db;
    this.opCount = opCount;
    this.throttle = throttle;
    this.stepFactory = stepFactory;
    this.coordinator = coordinator;
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
    try {
      runOperations(step);
    } catch (Throwable e) {
      coordinator.clientDied(id, e);
    } finally {
      coordinator.cleanUp(id, db);
      coordinator.clientFinished();
    }
  }

  private void runOperations(OperationStep step) {
    long done = 0;
    if (throttle != null) {
      throttle.start();
    }
    while ((opCount == 0 || done < opCount) && !coordinator.isStopRequested()) {
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
