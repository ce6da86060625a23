package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * One OS thread of the {@code async} engine: initialises its binding instance, then keeps each of
 * its {@link InFlightClient}s' operations in flight, issuing a client's next operation when its
 * previous one has completed (and, under {@code -target}, when it is due). Completions arrive from
 * the binding's threads through a lock-free queue; the driver parks only when it has nothing to
 * issue, and is woken only when it parks.
 */
final class AsyncDriver implements Runnable, Progress {
  private final int id;
  private final TimedDb db;
  private final RunCoordinator coordinator;
  private final WarmupGate gate;
  private final MeasurementRegistry measured;
  private final int clientCount;
  private final List<InFlightClient> clients = new ArrayList<>();
  private final ConcurrentLinkedQueue<InFlightClient> completed = new ConcurrentLinkedQueue<>();
  private final PriorityQueue<InFlightClient> waiting = new PriorityQueue<>(Comparator.comparingLong(InFlightClient::dueNanos));
  private AsyncDb asyncDb;
  private long opCount;
  private volatile Thread parkedThread;
  private volatile boolean warmingUp;
  private volatile long warmupOps;

  /**
   * @param gate the warm-up gate, or null without a warm-up
   * @param measured the registry of the measured phase
   * @param clientCount logical clients of the whole run, to split the measured operations
   */
  AsyncDriver(int id, TimedDb db, RunCoordinator coordinator, WarmupGate gate, MeasurementRegistry measured,
              int clientCount) {
    this.id = id;
    this.db = db;
    this.coordinator = coordinator;
    this.gate = gate;
    this.measured = measured;
    this.clientCount = clientCount;
    this.warmingUp = gate != null;
  }

  void add(InFlightClient client, long share) {
    clients.add(client);
    opCount += share;
  }

  @Override
  public long opsDone() {
    return warmingUp ? 0 : clientsDone();
  }

  @Override
  public long warmupOpsDone() {
    return warmingUp ? clientsDone() : warmupOps;
  }

  private long clientsDone() {
    long done = 0;
    for (InFlightClient c : clients) {
      done += c.done();
    }
    return done;
  }

  @Override
  public long opsTodo() {
    long todo = opCount - opsDone();
    return todo < 0 ? 0 : todo;
  }

  boolean isStopRequested() {
    return coordinator.isStopRequested();
  }

  /** Hands a client back (see {@link InFlightClient}), on the thread that completed its operation. */
  void completed(InFlightClient client) {
    completed.offer(client);
    Thread parked = parkedThread;
    if (parked != null) {
      LockSupport.unpark(parked);
    }
  }

  @Override
  public void run() {
    try {
      db.init();
    } catch (Throwable e) {
      coordinator.initFailed(id, e);
      return;
    }
    asyncDb = db.delegate() instanceof AsyncDb a ? a : null;
    for (InFlightClient c : clients) {
      c.bind(db);
    }
    if (!coordinator.readyAndAwaitStart()) {
      coordinator.cleanUp(id, db);
      return;
    }
    boolean arrived = gate == null;
    try {
      if (gate != null) {
        runOperations();
        arrived = true;
        enterMeasured(gate.arriveAndAwaitMeasured());
      }
      runOperations();
    } catch (Throwable e) {
      coordinator.clientDied(id, e);
    } finally {
      if (!arrived) {
        gate.leave();
      }
      coordinator.cleanUp(id, db);
      coordinator.clientFinished();
    }
  }

  /**
   * Called with every client back and nothing in flight, once the gate has released the run:
   * keeps the warm-up's count, then gives each client its share of {@code total} measured
   * operations and switches the measurements.
   */
  private void enterMeasured(long total) {
    warmupOps = clientsDone();
    db.measureInto(measured);
    opCount = 0;
    WarmupGate open = WarmupGate.alwaysOpen();
    for (InFlightClient c : clients) {
      long share = SyncEngine.shareOf(total, clientCount, c.index());
      c.enterMeasured(share, open);
      opCount += share;
    }
    warmingUp = false;
  }

  /** Runs until every client is done: in flight, waiting until due, or being handed back. */
  private void runOperations() {
    int running = 0;
    for (InFlightClient c : clients) {
      // each client's -target schedule starts when it is first issued, not before
      c.startSchedule(System.nanoTime());
      if (c.hasMore()) {
        running++;
        schedule(c);
      }
    }
    while (running > 0) {
      InFlightClient c = completed.poll();
      if (c != null) {
        rethrowIfDied(c);
        if (c.hasMore() && !coordinator.isStopRequested()) {
          schedule(c);
        } else {
          running--;
        }
        continue;
      }
      if ((coordinator.isStopRequested() || warmupOver()) && !waiting.isEmpty()) {
        running -= waiting.size();
        waiting.clear();
        continue;
      }
      InFlightClient next = waiting.peek();
      if (next != null && next.dueNanos() - System.nanoTime() <= 0) {
        waiting.poll();
        next.issue(next.dueNanos());
        continue;
      }
      park(next == null ? 0 : next.dueNanos());
    }
  }

  /** True once the warm-up this driver is still running has been ended by the gate. */
  private boolean warmupOver() {
    return warmingUp && !gate.isWarmingUp();
  }

  private static void rethrowIfDied(InFlightClient c) {
    Throwable e = c.died();
    if (e instanceof Error error) {
      throw error;
    }
    if (e instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (e != null) {
      throw new IllegalStateException(e);
    }
  }

  /** Issues the client's next operation now, or queues it until due. */
  private void schedule(InFlightClient c) {
    long due = c.dueNanos();
    if (due == 0 || due - System.nanoTime() <= 0) {
      c.issue(due);
    } else {
      waiting.add(c);
    }
  }

  /**
   * Sends what the binding buffered, then parks until a completion arrives or the deadline (0:
   * none) passes; at most 100 ms, to see a stop.
   */
  private void park(long deadline) {
    if (asyncDb != null) {
      asyncDb.flush();
    }
    parkedThread = Thread.currentThread();
    if (completed.isEmpty()) {
      long wait = deadline == 0 ? 100_000_000L : Math.min(deadline - System.nanoTime(), 100_000_000L);
      if (wait > 0) {
        LockSupport.parkNanos(this, wait);
      }
    }
    parkedThread = null;
  }
}
