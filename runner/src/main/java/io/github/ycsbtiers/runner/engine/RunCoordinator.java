package io.github.ycsbtiers.runner.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.measure.TimedDb;
import site.ycsb.Workload;

/**
 * Start, stop and failure bookkeeping shared by the clients of one run. Every client reports
 * ready (or failed) before any of them starts, so a binding whose init fails stops the run
 * before any operation is done.
 */
final class RunCoordinator implements StopSignal {
  private final Workload workload;
  private final CountDownLatch initialised;
  private final CountDownLatch startGate = new CountDownLatch(1);
  private final CountDownLatch finished;
  /** "what: why" to the clients it happened to, so 32 threads failing alike give one line. */
  private final Map<String, List<Integer>> failures = new LinkedHashMap<>();
  private volatile boolean aborted;

  RunCoordinator(Workload workload, int clients) {
    this.workload = workload;
    this.initialised = new CountDownLatch(clients);
    this.finished = new CountDownLatch(clients);
  }

  void initFailed(int client, Throwable e) {
    fail(client, "binding init failed", e);
    initialised.countDown();
    finished.countDown();
  }

  /** Called by a ready client; returns false if the run was aborted instead of started. */
  boolean readyAndAwaitStart() {
    initialised.countDown();
    try {
      startGate.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      aborted = true;
    }
    if (aborted) {
      finished.countDown();
      return false;
    }
    return true;
  }

  /** Waits for every client to be ready; returns false (and aborts) if any init failed. */
  boolean awaitInitialised() throws InterruptedException {
    initialised.await();
    if (hasFailures()) {
      aborted = true;
      startGate.countDown();
      return false;
    }
    return true;
  }

  void start() {
    startGate.countDown();
  }

  void clientDied(int client, Throwable e) {
    fail(client, "died", e);
    workload.requestStop();
  }

  /** Cleans up a client's binding instance; a failure is recorded, not thrown. */
  void cleanUp(int client, TimedDb db) {
    // the last operation's due time must not stretch CLEANUP's latency
    db.setIntendedStartNanos(0);
    try {
      db.cleanup();
    } catch (Throwable e) {
      fail(client, "binding cleanup failed", e);
    }
  }

  void clientFinished() {
    finished.countDown();
  }

  /** Waits up to the deadline for every client to finish; true if all did. */
  boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
    return finished.await(timeout, unit);
  }

  @Override
  public boolean isStopRequested() {
    return workload.isStopRequested();
  }

  private void fail(int client, String what, Throwable e) {
    synchronized (failures) {
      failures.computeIfAbsent(what + ": " + FailureLog.describe(e), k -> new ArrayList<>()).add(client);
    }
  }

  private boolean hasFailures() {
    synchronized (failures) {
      return !failures.isEmpty();
    }
  }

  /** One line per distinct failure, naming the client, or how many clients it happened to. */
  List<String> failures() {
    List<String> lines = new ArrayList<>();
    synchronized (failures) {
      for (Map.Entry<String, List<Integer>> f : failures.entrySet()) {
        List<Integer> clients = f.getValue();
        lines.add((clients.size() == 1 ? "client " + clients.get(0) : clients.size() + " clients") + ": " + f.getKey());
      }
    }
    return lines;
  }
}
