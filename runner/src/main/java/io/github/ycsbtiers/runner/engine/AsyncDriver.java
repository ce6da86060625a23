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
 * One OS thread of the {@code async} engine: initialises the binding instances of its
 * {@link InFlightClient}s (one each, or one shared by all of them for a binding that asks so),
 * then keeps each client's operation in flight, issuing a client's next operation when its
 * previous one has completed (and, under {@code -target}, when it is due, unless the client's
 * binding has an event loop that waits for that itself). Completions arrive from the binding's
 * threads through a lock-free queue; the driver parks only when it has nothing to issue, and is
 * woken only when it parks.
 */
final class AsyncDriver implements Runnable, Progress {
  private final int id;
  /** The binding instances of this driver's clients, each once. */
  private final List<TimedDb> dbs = new ArrayList<>();
  /** Whether one instance serves every client of this driver (and needs {@link AsyncDb#flush}). */
  private final boolean shared;
  private final RunCoordinator coordinator;
  private final WarmupGate gate;
  private final MeasurementRegistry measured;
  private final int clientCount;
  private final List<InFlightClient> clients = new ArrayList<>();
  private final ConcurrentLinkedQueue<InFlightClient> completed = new ConcurrentLinkedQueue<>();
  private final PriorityQueue<InFlightClient> waiting = new PriorityQueue<>(Comparator.comparingLong(InFlightClient::dueNanos));
  private AsyncDb sharedAsyncDb;
  private long opCount;
  private volatile Thread parkedThread;
  private volatile boolean warmingUp;
  private volatile long warmupOps;

  /**
   * @param gate the warm-up gate, or null without a warm-up
   * @param measured the registry of the measured phase
   * @param clientCount logical clients of the whole run, to split the measured operations
   * @param shared whether one binding instance serves every client of this driver
   */
  AsyncDriver(int id, RunCoordinator coordinator, WarmupGate gate, MeasurementRegistry measured, int clientCount,
              boolean shared) {
    this.id = id;
    this.shared = shared;
    this.coordinator = coordinator;
    this.gate = gate;
    this.measured = measured;
    this.clientCount = clientCount;
    this.warmingUp = gate != null;
  }

  int id() {
    return id;
  }

  /** The instance every client of this driver shares, once the first client has brought it. */
  TimedDb sharedDb() {
    return dbs.get(0);
  }

  void add(InFlightClient client, long share) {
    clients.add(client);
    if (dbs.isEmpty() || dbs.get(dbs.size() - 1) != client.db()) {
      dbs.add(client.db());
    }
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
  public long inFlight() {
    long n = 0;
    for (InFlightClient c : clients) {
      n += c.inFlight();
    }
    return n;
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
    if (!initAll()) {
      return;
    }
    sharedAsyncDb = shared && dbs.get(0).delegate() instanceof AsyncDb a ? a : null;
    for (InFlightClient c : clients) {
      c.bind();
    }
    if (!coordinator.readyAndAwaitStart()) {
      cleanUpAll();
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
      cleanUpAll();
      coordinator.clientFinished();
    }
  }

  /** Initialises every instance; if one fails, cleans up those done and reports the failure. */
  private boolean initAll() {
    for (int i = 0; i < dbs.size(); i++) {
      try {
        dbs.get(i).init();
      } catch (Throwable e) {
        for (int done = 0; done < i; done++) {
          coordinator.cleanUp(id, dbs.get(done));
        }
        coordinator.initFailed(id, e);
        return false;
      }
    }
    return true;
  }

  private void cleanUpAll() {
    for (TimedDb db : dbs) {
      coordinator.cleanUp(id, db);
    }
  }

  /**
   * Called with every client back and nothing in flight, once the gate has released the run:
   * keeps the warm-up's count, then gives each client its share of {@code total} measured
   * operations and switches the measurements.
   */
  private void enterMeasured(long total) {
    warmupOps = clientsDone();
    for (TimedDb db : dbs) {
      db.measureInto(measured);
    }
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

  /**
   * Issues the client's next operation now, or queues it until due; a throttled client whose
   * binding has an event loop waits there instead.
   */
  private void schedule(InFlightClient c) {
    if (c.waitsOnEventLoop()) {
      c.issueOnEventLoop();
      return;
    }
    if (c.catchUp() && !c.hasMore()) {
      completed(c);
      return;
    }
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
    if (sharedAsyncDb != null) {
      sharedAsyncDb.flush();
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
