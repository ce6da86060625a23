package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * The {@code sync} engine, upstream YCSB's model: {@code -threads N} OS threads, each calling its
 * own binding instance. Operation counts are split as upstream does (the first
 * {@code count % N} threads do one more) but in 64 bits.
 */
public final class SyncEngine {
  private final RunOptions options;
  private final Properties props;
  private final Workload workload;
  private final Supplier<DB> bindings;
  private final MeasurementRegistry registry;
  private final FailureLog failures = new FailureLog();
  private final PrintStream err;
  private final PrintStream out;

  /**
   * @param bindings creates one uninitialised binding instance per client thread
   */
  public SyncEngine(RunOptions options, Properties props, Workload workload, Supplier<DB> bindings,
                    MeasurementRegistry registry, PrintStream out, PrintStream err) {
    this.options = options;
    this.props = props;
    this.workload = workload;
    this.bindings = bindings;
    this.registry = registry;
    this.out = out;
    this.err = err;
  }

  /** Runs the phase; returns when every client has finished and been cleaned up. */
  public RunResult run(JvmStats jvmStats) throws InterruptedException {
    int threads = options.threads();
    long opCount = options.operationCount();
    if (opCount > 0 && threads > opCount) {
      threads = (int) opCount;
      out.println("Warning: the threadcount is bigger than recordcount, the threadcount will be recordcount!");
    }
    RunCoordinator coordinator = new RunCoordinator(workload, threads);
    List<ClientWorker> clients = new ArrayList<>(threads);
    double perThreadOpsPerMilli = options.targetOpsPerSecond() / (double) threads / 1000.0;
    for (int id = 0; id < threads; id++) {
      long share = shareOf(opCount, threads, id);
      Throttle throttle = options.targetOpsPerSecond() > 0 ? new Throttle(perThreadOpsPerMilli) : null;
      int clientCount = threads;
      DB binding;
      try {
        binding = bindings.get();
      } catch (RuntimeException e) {
        coordinator.initFailed(id, e);
        return new RunResult(0, 0, false, coordinator.failures(), 0, null);
      }
      clients.add(new ClientWorker(id, new TimedDb(binding, registry, failures), share, throttle,
          (db, clientId) -> createStep(db, clientId, clientCount), coordinator));
    }
    List<Thread> running = new ArrayList<>(threads);
    for (ClientWorker c : clients) {
      Thread t = new Thread(c, "ycsb-client-" + running.size());
      running.add(t);
      t.start();
    }
    if (!coordinator.awaitInitialised()) {
      joinAll(running);
      return new RunResult(0, 0, false, coordinator.failures(), 0, null);
    }
    StatusReporter status = null;
    if (options.status()) {
      status = new StatusReporter(clients, coordinator, registry, jvmStats, options.label(),
          options.statusIntervalSeconds(), err, options.statusToStdout() ? out : null);
    }
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
    for (ClientWorker c : clients) {
      done += c.opsDone();
    }
    return new RunResult(done, en - st, true, coordinator.failures(), failures.count(), failures.first());
  }

  /** Client {@code id}'s part of {@code total} operations: the first {@code total % threads} do one more. */
  static long shareOf(long total, int threads, int id) {
    return total / threads + (id < total % threads ? 1 : 0);
  }

  private OperationStep createStep(TimedDb db, int clientId, int clientCount) throws Exception {
    Object state = workload.initThread(props, clientId, clientCount);
    if (workload instanceof LongCoreWorkload) {
      return new CoreWorkloadStep((LongCoreWorkload) workload, db, options.transactions());
    }
    return new LegacyWorkloadStep(workload, db, state, options.transactions());
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }
}
