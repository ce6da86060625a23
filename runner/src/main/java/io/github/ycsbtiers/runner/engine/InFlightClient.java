package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.OperationRunner;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 * the event loop of the client's connection), so no thread is woken per operation. Under
 * {@code -target}, a client whose binding has an event loop ({@link AsyncDb#eventLoop}) waits for
 * its next due time there, as a timer of that loop, and sends from it: the command is written by
 * the thread that owns the connection, with no hand-over per operation. The client goes back to
 * its {@link AsyncDriver} when it is done, when the run stops, when its next operation is not due
 * yet and it has no event loop, or when an operation completed while being issued (which would
 * otherwise recurse).
 *
 * <p>What an operation is, how it is sent and how it is recorded is its workload's
 * {@link AsyncOperationStep}'s ({@link CoreWorkloadStep}, {@link TemplateStep}), chosen once.
 */
final class InFlightClient implements BiConsumer<Status, Throwable> {
  private static final VarHandle DONE;
  private static final VarHandle SENT;

  static {
    try {
      DONE = MethodHandles.lookup().findVarHandle(InFlightClient.class, "done", long.class);
      SENT = MethodHandles.lookup().findVarHandle(InFlightClient.class, "sent", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The longest a client waits on its event loop before it looks at the run's stop again. */
  private static final long MAX_TIMER_NANOS = 100_000_000L;
  private final AsyncDriver driver;
  private final TimedDb db;
  private final Workload workload;
  private final boolean transactions;
  private final int index;
  /** False for an unbounded run (operationcount=0); a bounded client may be left a share of 0. */
  private final boolean bounded;
  private final Throttle rate;
  /** Set once by {@link #bind}, before the first operation. */
  private AsyncOperationStep step;
  /** Where a throttled client waits for its due times; null: at its driver. Dropped if it refuses work. */
  private volatile ScheduledExecutorService eventLoop;
  // Changed by the driver between warm-up and measurement, while nothing is in flight. Both
  // phases go through a gate and a limit, so they run the same compiled code.
  private long limit;
  private Throttle throttle;
  private WarmupGate gate;
  @SuppressWarnings("unused") // written through DONE, read by the status line
  private volatile long done;
  /** Operations sent in the current phase (written through SENT): sent less done are in flight. */
  @SuppressWarnings("unused")
  private volatile long sent;
  private final MinimumDuration minimum;
  private volatile boolean issuing;
  private volatile Throwable died;

  /**
   * @param index this client's number among all logical clients of the run
   * @param opCount its operations (with a warm-up, replaced by its share of what the gate releases)
   * @param throttle its throttle, or null without {@code -target}
   * @param warmup the warm-up gate, or null without a warm-up
   */
  InFlightClient(AsyncDriver driver, TimedDb db, Workload workload, boolean transactions, int index, long opCount,
                 Throttle throttle, WarmupGate warmup, MinimumDuration minimum) {
    this.minimum = minimum;
    this.driver = driver;
    this.db = db;
    this.workload = workload;
    this.transactions = transactions;
    this.index = index;
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
    SENT.setOpaque(this, 0L);
    limit = bounded ? share : Long.MAX_VALUE;
    throttle = rate == null ? null : rate.copy();
    gate = open;
  }

  TimedDb db() {
    return db;
  }

  /** After the binding's init: prepares the client's operation, and its event loop if throttled. */
  void bind() {
    // the logical client's number seeds its stream: whichever thread completes an operation, the
    // client's sequence stays that of a sync thread with the same number
    this.step = AsyncOperationStep.of(workload, db, index, transactions, rate != null);
    this.eventLoop = rate != null && db.delegate() instanceof AsyncDb a ? a.eventLoop() : null;
  }

  /** Whether this client waits for its due times on its binding's event loop rather than at its driver. */
  boolean waitsOnEventLoop() {
    return throttle != null && eventLoop != null;
  }

  /** Hands the client to its event loop, which issues its next operation when due. */
  void issueOnEventLoop() {
    if (!atEventLoop(0)) {
      driver.completed(this);
    }
  }

  /** Operations sent and not completed: 0 or 1, read from another thread (the live view). */
  long inFlight() {
    return Math.max(0, (long) SENT.getOpaque(this) - done());
  }

  /** Operations completed; may lag behind when read from another thread than the client's last. */
  long done() {
    return (long) DONE.getOpaque(this);
  }

  /**
   * Whether another operation is to be issued: while the warm-up lasts, or up to its share, and
   * past it while {@code minexecutiontime} holds (never during the warm-up, whose limit is unbounded).
   */
  boolean hasMore() {
    return (done() + (throttle == null ? 0 : throttle.skipped()) < limit || minimum.holds()) && gate.isWarmingUp();
  }

  /**
   * Under a rate profile with a backlog cap, skips the operations too far behind (see
   * {@link Throttle#catchUp}); only while the client is not queued by its due time.
   *
   * @return whether any was skipped (then its share may be used up)
   */
  boolean catchUp() {
    return throttle != null && throttle.dropsLate() && throttle.catchUp(done(), System.nanoTime());
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
    SENT.setOpaque(this, (long) SENT.getOpaque(this) + 1);
    if (!step.send(dueNanos, this)) {
      finish();
    }
  }

  /** Completion of the operation sent last; called once per send, on any thread. */
  @Override
  public void accept(Status status, Throwable thrown) {
    long end = System.nanoTime();
    Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    Status s = status == null && cause == null ? Status.ERROR : status;
    if (step.complete(s, cause, end, this)) {
      finish();
    }
  }

  private void finish() {
    DONE.setOpaque(this, done() + 1);
    if (issuing || !hasMore() || driver.isStopRequested()) {
      driver.completed(this);
    } else if (throttle == null) {
      issueHere(0);
    } else if (eventLoop == null || !dueOnEventLoop()) {
      driver.completed(this);
    }
  }

  /** Issues the next operation on this (the binding's) thread; what it throws goes to the driver. */
  private void issueHere(long dueNanos) {
    try {
      issue(dueNanos);
    } catch (Throwable e) {
      // thrown on the binding's thread, which would swallow it: the driver reports it
      died = e;
      driver.completed(this);
    }
  }

  /**
   * On the event loop (or the thread that completed the last operation): issues the next
   * operation if due, else sets a timer of the event loop for it; returns false if the loop
   * refused the timer.
   */
  private boolean dueOnEventLoop() {
    if (catchUp() && !hasMore()) {
      return false;
    }
    long due = throttle.dueNanos(done());
    long wait = due - System.nanoTime();
    if (wait <= 0) {
      issueHere(due);
      return true;
    }
    return atEventLoop(Math.min(wait, MAX_TIMER_NANOS));
  }

  /** Runs {@link #onEventLoop} on the event loop after {@code delayNanos}; false if the loop refused it. */
  private boolean atEventLoop(long delayNanos) {
    ScheduledExecutorService loop = eventLoop;
    if (loop == null) {
      return false;
    }
    try {
      loop.schedule(this::onEventLoop, delayNanos, TimeUnit.NANOSECONDS);
      return true;
    } catch (RejectedExecutionException e) {
      eventLoop = null; // shutting down or closed: the driver waits for this client from now on
      return false;
    }
  }

  private void onEventLoop() {
    if (!hasMore() || driver.isStopRequested() || !dueOnEventLoop()) {
      driver.completed(this);
    }
  }

  /** What was thrown while this client issued an operation on the binding's thread, or null. */
  Throwable died() {
    return died;
  }
}
