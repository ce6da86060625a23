package io.github.ycsbtiers.runner.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import io.github.ycsbtiers.runner.measure.FailureLog;
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
  private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean aborted;

  RunCoordinator(Workload workload, int clients) {
    this.workload = workload;
    this.initialised = new CountDownLatch(clients);
    this.finished = new CountDownLatch(clients);
  }

  void initFailed(int client, Throwable e) {
    failures.add("client " + client + ": binding init failed: " + FailureLog.describe(e));
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
    if (!failures.isEmpty()) {
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
    failures.add("client " + client + " died: " + FailureLog.describe(e));
    workload.requestStop();
  }

  void cleanupFailed(int client, Throwable e) {
    failures.add("client " + client + ": binding cleanup failed: " + FailureLog.describe(e));
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

  List<String> failures() {
    synchronized (failures) {
      return new ArrayList<>(failures);
    }
  }
}
