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
final class ClientWorker implements Runnable, Progress, StopSignal {
  private static final VarHandle OPS_DONE;
  private static final VarHandle BUSY;

  static {
    try {
      OPS_DONE = MethodHandles.lookup().findVarHandle(ClientWorker.class, "opsDone", long.class);
      BUSY = MethodHandles.lookup().findVarHandle(ClientWorker.class, "busy", int.class);
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
  /** Operations of the current phase (warm-up or measured), written through OPS_DONE. */
  private volatile long opsDone;
  private volatile long warmupOps;
  private volatile boolean inWarmup;
  /** Whether an operation is under way, for the live view; written only by this client's thread. */
  @SuppressWarnings("unused") // written and read through BUSY
  private int busy;
  private WarmupGate gate;
  private final MinimumDuration minimum;

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
               RunCoordinator coordinator, Warmup warmup, MinimumDuration minimum) {
    this.minimum = minimum;
    this.id = id;
    this.db = db;
    this.opCount = opCount;
    this.bounded = opCount != 0;
    this.throttle = throttle;
    this.stepFactory = stepFactory;
    this.coordinator = coordinator;
    this.warmup = warmup;
    this.inWarmup = warmup != null;
  }

  /** What a client needs to warm up: the gate, and its share of the measured operations. */
  record Warmup(WarmupGate gate, MeasurementRegistry measured, java.util.function.LongUnaryOperator shareOf) {
  }

  @Override
  public long warmupOpsDone() {
    return inWarmup ? (long) OPS_DONE.getOpaque(this) : warmupOps;
  }

  @Override
  public long opsDone() {
    return inWarmup ? 0 : (long) OPS_DONE.getOpaque(this);
  }

  @Override
  public long inFlight() {
    return (int) BUSY.getOpaque(this);
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
      boolean more = true;
      if (warmup != null) {
        more = runOperations(step, warmup.gate(), Long.MAX_VALUE, throttle == null ? null : throttle.copy(),
            MinimumDuration.NONE);
        // the warm-up's count moves aside before arriving: the phase adds it up once all have
        warmupOps = opsDone;
        inWarmup = false;
        OPS_DONE.setVolatile(this, 0L);
        arrived = true;
        long share = warmup.shareOf().applyAsLong(warmup.gate().arriveAndAwaitMeasured());
        db.measureInto(warmup.measured());
        opCount = bounded ? share : 0;
      }
      if (more) {
        runOperations(step, WarmupGate.alwaysOpen(), bounded ? opCount : Long.MAX_VALUE, throttle, minimum);
      }
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
   * The one operation loop of the warm-up and the measured phase (so that the warm-up compiles
   * the code that is measured): up to {@code limit} operations while {@code gate} lets them
   * through, at the client's share of {@code -target} if {@code paced} is set, whose schedule
   * starts with the first operation; past {@code limit} while {@code minimum} holds.
   *
   * @return false if the workload had nothing more to do
   */
  private boolean runOperations(OperationStep step, WarmupGate gate, long limit, Throttle paced,
      MinimumDuration minimum) {
    this.gate = gate;
    long done = 0;
    long due = 0;
    if (paced != null) {
      paced.start(this);
      if (paced.profiled()) {
        // a profile's first operation has its due time too
        due = paced.dueNanos(0);
        db.setIntendedStartNanos(due);
      }
    }
    while ((done + (paced == null ? 0 : paced.skipped()) < limit || minimum.holds()) && !coordinator.isStopRequested()
        && gate.takeOp()) {
      if (due != 0) {
        db.recordSendLateness(due, System.nanoTime());
      }
      BUSY.setOpaque(this, 1);
      boolean more = step.next();
      BUSY.setOpaque(this, 0);
      if (!more) {
        return false;
      }
      done++;
      OPS_DONE.setOpaque(this, done);
      if (paced != null) {
        due = paced.awaitNext(done, this);
        db.setIntendedStartNanos(due);
      }
    }
    return true;
  }

  /** Stops a throttle's wait: the run stopping, or the warm-up it belongs to ending. */
  @Override
  public boolean isStopRequested() {
    return coordinator.isStopRequested() || !gate.isWarmingUp();
  }
}
