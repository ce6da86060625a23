package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * The {@code async} engine: {@code -threads N} operations in flight (N logical clients, each with
 * its share of the operations and of {@code -target}, as N threads of the {@code sync} engine
 * would have), driven by {@code runner.engine.threads} OS threads, each with its own binding
 * instance. Measurements, the status line, {@code maxexecutiontime} and the report are the
 * {@code sync} engine's. Needs a binding implementing {@link AsyncDb} and the core workload.
 */
public final class AsyncEngine {
  private final RunOptions options;
  private final Workload workload;
  private final Supplier<DB> bindings;
  private final MeasurementRegistry registry;
  private final FailureLog failures = new FailureLog();
  private final PrintStream err;
  private final PrintStream out;

  /** @param bindings creates one uninitialised binding instance per OS thread */
  public AsyncEngine(RunOptions options, Workload workload, Supplier<DB> bindings, MeasurementRegistry registry,
                     PrintStream out, PrintStream err) {
    this.options = options;
    this.workload = workload;
    this.bindings = bindings;
    this.registry = registry;
    this.out = out;
    this.err = err;
  }

  /**
   * Refuses, before any work, a workload or binding that cannot run asynchronously.
   *
   * @param probe an instance with its properties set, not initialised; null if none could be made
   *
   * @throws ConfigException naming {@code runner.engine} and what is missing
   */
  public static void check(Workload workload, DB probe, String dbClass) {
    if (!(workload instanceof LongCoreWorkload)) {
      throw new ConfigException("runner.engine=async runs the core workload only (site.ycsb.workloads.CoreWorkload);"
          + " workload " + workload.getClass().getName() + " calls the binding itself: use runner.engine=sync");
    }
    if (probe == null) {
      return; // the constructor fails: the run reports that as a binding init failure
    }
    if (!(probe instanceof AsyncDb)) {
      throw new ConfigException("binding " + dbClass + " has no asynchronous interface (" + AsyncDb.class.getName()
          + "), which runner.engine=async needs: use runner.engine=sync");
    }
    String reason = ((AsyncDb) probe).asyncUnsupportedReason();
    if (reason != null) {
      throw new ConfigException("runner.engine=async cannot run binding " + dbClass + ": " + reason);
    }
  }

  /** Runs the phase; returns when every operation has completed and every binding is cleaned up. */
  public RunResult run(JvmStats jvmStats) throws InterruptedException {
    int inFlight = options.threads();
    long opCount = options.operationCount();
    if (opCount > 0 && inFlight > opCount) {
      inFlight = (int) opCount;
      out.println("Warning: the threadcount is bigger than recordcount, the threadcount will be recordcount!");
    }
    int threads = Math.min(options.engineThreads(), inFlight);
    RunCoordinator coordinator = new RunCoordinator(workload, threads);
    List<AsyncDriver> drivers = new ArrayList<>(threads);
    for (int id = 0; id < threads; id++) {
      DB binding;
      try {
        binding = bindings.get();
      } catch (RuntimeException e) {
        coordinator.initFailed(id, e);
        return new RunResult(0, 0, false, coordinator.failures(), 0, null);
      }
      drivers.add(new AsyncDriver(id, new TimedDb(binding, registry, failures), coordinator));
    }
    LongCoreWorkload core = (LongCoreWorkload) workload;
    double perClientOpsPerMilli = options.targetOpsPerSecond() / (double) inFlight / 1000.0;
    for (int c = 0; c < inFlight; c++) {
      long share = SyncEngine.shareOf(opCount, inFlight, c);
      Throttle throttle = options.targetOpsPerSecond() > 0 ? new Throttle(perClientOpsPerMilli) : null;
      AsyncDriver driver = drivers.get(c % threads);
      driver.add(new InFlightClient(driver, core, options.transactions(), share, throttle), share);
    }
    List<Thread> running = new ArrayList<>(threads);
    for (AsyncDriver d : drivers) {
      Thread t = new Thread(d, "ycsb-async-" + running.size());
      running.add(t);
      t.start();
    }
    if (!coordinator.awaitInitialised()) {
      joinAll(running);
      return new RunResult(0, 0, false, coordinator.failures(), 0, null);
    }
    StatusReporter status = options.status() ? new StatusReporter(drivers, coordinator, registry, jvmStats,
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
    for (AsyncDriver d : drivers) {
      done += d.opsDone();
    }
    return new RunResult(done, en - st, true, coordinator.failures(), failures.count(), failures.first());
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }
}
