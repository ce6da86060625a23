package io.github.ycsbtiers.tiered.serve;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.locks.LockSupport;

/**
 * One store loop: a thread that runs the tasks submitted to it in arrival order, and its timers
 * when due, parking when it has neither (until its first timer, if it has one). A submitter from
 * another thread wakes it if it parked; a task submitted by the loop's own thread (a client's next
 * operation, issued as its previous one completes or from a timer) is simply queued.
 *
 * <p>Timers ({@link #scheduler}) are the loop's alone: a time-ordered heap only its thread touches.
 * Set from another thread, a timer travels through the task queue, in arrival order with the
 * tasks, and so wakes the loop; set on the loop's thread, it goes straight onto the heap. Each
 * turn the loop runs the timers due by then (those set by a running timer wait for the next turn),
 * then serves at most {@link #BATCH} queued tasks, so that neither starves the other. A timer's
 * wait is not a task's: an operation issued by a timer is submitted, and its queueing timed, when
 * the timer runs.
 */
public final class StoreLoop {
  /** Queued tasks served between two looks at the timers. */
  static final int BATCH = 64;
  private static final VarHandle SUBMITS;
  private static final VarHandle TIMERS_RUN;

  static {
    try {
      SUBMITS = MethodHandles.lookup().findVarHandle(StoreLoop.class, "ownSubmits", long.class);
      TIMERS_RUN = MethodHandles.lookup().findVarHandle(StoreLoop.class, "timersRun", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final TaskQueue queue = new TaskQueue();
  private final TimerHeap timers = new TimerHeap();
  private final IoPool pool;
  private final Thread thread;
  private final LoopScheduler scheduler;
  private volatile boolean parked;
  private volatile boolean stopping;
  // counts the loop's thread alone writes (opaque: no fence on the hot path), read by the report
  @SuppressWarnings("unused") // through SUBMITS
  private long ownSubmits;
  @SuppressWarnings("unused") // through TIMERS_RUN
  private long timersRun;

  StoreLoop(String name, IoPool pool) {
    this.pool = pool;
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
    this.scheduler = new LoopScheduler(this);
  }

  void start() {
    thread.start();
  }

  /** Any thread: queues {@code task} behind those that arrived before it. */
  public void submit(StoreTask task) {
    task.submitted(System.nanoTime());
    submitQueued(task);
  }

  private void submitQueued(StoreTask task) {
    if (inLoop()) {
      queue.offer(task);
      SUBMITS.setOpaque(this, (long) SUBMITS.getOpaque(this) + 1);
    } else {
      offerAndWake(task);
    }
  }

  private void offerAndWake(StoreTask task) {
    queue.offer(task);
    // the exchange in offer is a full fence: either the loop sees the task or we see it parked
    if (parked) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * This loop as a {@link ScheduledExecutorService} whose timers run on the loop's thread
   * ({@link LoopScheduler}); one per loop.
   */
  public ScheduledExecutorService scheduler() {
    return scheduler;
  }

  /**
   * Any thread: sets {@code timer}, to run on this loop at its deadline.
   *
   * @throws RejectedExecutionException once the loop is stopping (the timer is dropped)
   */
  void schedule(LoopTimer<?> timer) {
    if (stopping) {
      timer.drop();
      throw rejected();
    }
    if (inLoop()) {
      timers.add(timer);
      return;
    }
    offerAndWake(timer);
    // the loop runs no timer once stopping, and may have stopped before our offer: unless the
    // timer ran in between (it is then accepted), it is refused
    if (stopping && timer.cancel(false)) {
      throw rejected();
    }
  }

  private static RejectedExecutionException rejected() {
    return new RejectedExecutionException("the store loop is stopping: its store is closing");
  }

  /** The loop's thread: a timer that came through the queue joins the heap, unless the loop is stopping. */
  void addTimer(LoopTimer<?> timer) {
    if (stopping) {
      timer.drop();
    } else {
      timers.add(timer);
    }
  }

  /**
   * Any thread: {@code task} goes straight to the I/O pool, behind what is queued there, without
   * passing the loop: for an operation that always blocks (a write waits for its commit), the
   * loop's turn would be one more thread hand-over and nothing else. Issued on a pool thread with
   * nothing queued there, that thread serves it next ({@link IoPool#carry}).
   */
  public void submitBlocking(StoreTask task) {
    long now = System.nanoTime();
    task.submitted(now);
    task.handed(now);
    if (!pool.carry(task, null)) {
      pool.submit(task);
    }
  }

  /**
   * Any thread: an operation that will likely wait for the device. Issued on an I/O pool thread
   * with nothing queued there, it stays on that thread (served next, a DRAM hit inline, a miss
   * read there); otherwise as {@link #submit}.
   */
  public void submitLikelyBlocking(StoreTask task) {
    task.submitted(System.nanoTime());
    if (!pool.carry(task, this)) {
      submitQueued(task);
    }
  }

  /**
   * In {@link StoreTask#serve} (on the loop's thread, or on a pool thread that carries the task):
   * the task goes on in the I/O pool, behind what is queued there; on a pool thread with nothing
   * queued, that thread serves it next ({@link IoPool#carry}).
   */
  public void offload(StoreTask task) {
    task.handed(System.nanoTime());
    if (!pool.carry(task, null)) {
      pool.submit(task);
    }
  }

  /** Whether the current thread is this loop's. */
  public boolean inLoop() {
    return Thread.currentThread() == thread;
  }

  Thread thread() {
    return thread;
  }

  /** Whether the loop is stopping or stopped: it runs no more timers. */
  boolean isStopping() {
    return stopping;
  }

  /** Whether the loop's thread has ended. */
  boolean isStopped() {
    return !thread.isAlive() && stopping;
  }

  /** Tasks the loop's own thread submitted to it: operations issued on the loop. */
  long ownSubmits() {
    return (long) SUBMITS.getOpaque(this);
  }

  /** Timers the loop ran (not those cancelled or dropped). */
  long timersRun() {
    return (long) TIMERS_RUN.getOpaque(this);
  }

  /** Stops the loop once the tasks queued have run; its pending timers are dropped, not waited for. */
  void stop() throws InterruptedException {
    stopping = true;
    LockSupport.unpark(thread);
    thread.join();
  }

  /** Completes a task that threw; what its failure handling throws must not end the loop, which serves other clients. */
  static void failed(StoreTask task, Throwable thrown) {
    try {
      task.failed(thrown);
    } catch (Throwable again) {
      thrown.addSuppressed(again);
      System.err.println("tiered: a store operation failed and could not be completed: " + thrown);
    }
  }

  private void run() {
    while (true) {
      if (timers.size() > 0 && !stopping) {
        runDueTimers();
      }
      if (serveQueued() == BATCH) {
        continue; // more may be queued: the timers first
      }
      if (!queue.isEmpty()) {
        Thread.onSpinWait(); // a submitter is linking its task
        continue;
      }
      if (stopping) {
        stopNow();
        return;
      }
      parked = true;
      if (queue.isEmpty() && !stopping) {
        park();
      }
      parked = false;
    }
  }

  /** Serves up to {@link #BATCH} queued tasks in arrival order; returns how many. */
  private int serveQueued() {
    int served = 0;
    StoreTask task;
    while (served < BATCH && (task = queue.poll()) != null) {
      served++;
      serve(task);
    }
    return served;
  }

  /**
   * Runs one task for this loop (on its thread, or on a pool thread that carries the task); what it
   * throws goes to its own failure handling, never ends the thread.
   */
  void serve(StoreTask task) {
    task.started(System.nanoTime());
    try {
      task.serve(this);
    } catch (Throwable t) {
      failed(task, t);
    }
  }

  /** Runs the timers due now, in due order; not those they set (they wait for the next turn). */
  private void runDueTimers() {
    long now = System.nanoTime();
    for (int left = timers.size(); left > 0; left--) {
      LoopTimer<?> t = timers.first();
      if (t == null || t.deadline - now > 0) {
        return;
      }
      timers.poll();
      if (t.claim()) {
        TIMERS_RUN.setOpaque(this, (long) TIMERS_RUN.getOpaque(this) + 1);
        t.runClaimed();
      }
    }
  }

  /** Parks until a submitter wakes the loop, or its first timer is due. */
  private void park() {
    LoopTimer<?> next = timers.first();
    if (next == null) {
      LockSupport.park(this);
      return;
    }
    long wait = next.deadline - System.nanoTime();
    if (wait > 0) {
      LockSupport.parkNanos(this, wait);
    }
  }

  /**
   * Stopping with nothing queued: drops the timers, and those still arriving (set before the
   * setters saw the loop stopping), and serves any task that arrived with them.
   */
  private void stopNow() {
    timers.dropAll();
    while (true) {
      StoreTask task = queue.poll();
      if (task != null) {
        serve(task); // a timer drops itself (addTimer)
      } else if (queue.isEmpty()) {
        return;
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
