package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * What both engines do around their client threads: cut {@code -threads} to the operation count,
 * give each thread a timed binding instance, start the threads, hold the run until every binding
 * has initialised, then time it with the status line and {@code maxexecutiontime} watching, and
 * sum up what was done.
 */
final class PhaseLifecycle {
  private final RunOptions options;
  private final Workload workload;
  private final Supplier<DB> bindings;
  private final MeasurementRegistry registry;
  private final FailureLog failures = new FailureLog();
  private final PrintStream out;
  private final PrintStream err;

  PhaseLifecycle(RunOptions options, Workload workload, Supplier<DB> bindings, MeasurementRegistry registry,
                 PrintStream out, PrintStream err) {
    this.options = options;
    this.workload = workload;
    this.bindings = bindings;
    this.registry = registry;
    this.out = out;
    this.err = err;
  }

  /** {@code -threads}, but no more clients than operations, with upstream's warning when cut. */
  int clientCount() {
    int clients = options.threads();
    long opCount = options.operationCount();
    if (opCount > 0 && clients > opCount) {
      clients = (int) opCount;
      out.println("Warning: the threadcount is bigger than recordcount, the threadcount will be recordcount!");
    }
    return clients;
  }

  /** The throttle for one of {@code clients} clients' share of {@code -target}; null without a target. */
  Throttle throttle(int clients) {
    return options.targetOpsPerSecond() > 0
        ? new Throttle(options.targetOpsPerSecond() / (double) clients / 1000.0) : null;
  }

  /**
   * A new binding instance for thread {@code id}, timed into the registry; null if it could not be
   * created, which is recorded as that thread's init failure.
   */
  TimedDb newBinding(int id, RunCoordinator coordinator) {
    DB binding;
    try {
      binding = bindings.get();
    } catch (RuntimeException e) {
      coordinator.initFailed(id, e);
      return null;
    }
    return new TimedDb(binding, registry, failures);
  }

  /** The result of a run aborted before any operation because a binding failed to initialise. */
  static RunResult notStarted(RunCoordinator coordinator) {
    return new RunResult(0, 0, false, coordinator.failures(), 0, null);
  }

  /**
   * Runs {@code threads}, one OS thread each, named {@code namePrefix} and its index; returns when
   * every one has finished and been cleaned up.
   */
  <T extends Runnable & Progress> RunResult run(List<T> threads, String namePrefix, RunCoordinator coordinator,
                                                JvmStats jvmStats) throws InterruptedException {
    List<Thread> running = new ArrayList<>(threads.size());
    for (T c : threads) {
      Thread t = new Thread(c, namePrefix + running.size());
      running.add(t);
      t.start();
    }
    if (!coordinator.awaitInitialised()) {
      joinAll(running);
      return notStarted(coordinator);
    }
    StatusReporter status = options.status() ? new StatusReporter(threads, coordinator, registry, jvmStats,
        options.label(), options.statusIntervalSeconds(), err, options.statusToStdout() ? out : null) : null;
    Terminator terminator = options.maxExecutionSeconds() > 0
        ? new Terminator(options.maxExecutionSeconds(), workload, err) : null;
    long st = System.currentTimeMillis();
    coordinator.start();
    if (status != null) {
      status.start();
    }
    if (terminator != null) {
      terminator.start();
    }
    joinAll(running);
    long en = System.currentTimeMillis();
    if (terminator != null) {
      terminator.interrupt();
    }
    if (status != null) {
      status.interrupt();
      status.join();
    }
    long done = 0;
    for (T c : threads) {
      done += c.opsDone();
    }
    return new RunResult(done, en - st, true, coordinator.failures(), failures.count(), failures.first());
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }
}
