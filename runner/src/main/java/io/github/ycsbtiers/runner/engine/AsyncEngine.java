package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.AsyncCommandDb;
import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * The {@code async} engine: {@code -threads N} logical clients, each with one operation in flight
 * and its share of the operations and of {@code -target}, as N threads of the {@code sync} engine
 * would have, driven by {@code runner.engine.threads} OS threads. Each logical client has its own
 * binding instance (and so, for a binding that opens one per instance, its own connection),
 * unless the binding asks for one instance per engine thread ({@link AsyncDb#sharedByEngineThread},
 * a pipelining binding). Measurements, the status line, {@code maxexecutiontime} and the report are the
 * {@code sync} engine's. Needs a binding implementing {@link AsyncDb} and the core workload, or
 * {@link AsyncCommandDb} and the template workload.
 */
public final class AsyncEngine {
  private final RunOptions options;
  private final Workload workload;
  private final PhaseLifecycle phase;

  /** @param bindings creates one uninitialised binding instance per logical client (or per engine thread) */
  public AsyncEngine(RunOptions options, Workload workload, Supplier<DB> bindings, MeasurementRegistry registry,
                     PrintStream out, PrintStream err) {
    this.options = options;
    this.workload = workload;
    this.phase = new PhaseLifecycle(options, workload, bindings, registry, out, err);
  }

  /**
   * Refuses, before any work, a workload or binding that cannot run asynchronously.
   *
   * @param probe an instance with its properties set, not initialised; null if none could be made
   *
   * @throws ConfigException naming {@code runner.engine} and what is missing
   */
  public static void check(Workload workload, DB probe, String dbClass) {
    String reason = unsupportedReason(workload, probe, dbClass);
    if (reason != null) {
      throw new ConfigException(reason);
    }
  }

  /**
   * Why this workload and binding cannot run on the async engine, or null if they can (or if the
   * binding cannot even be made, which the run reports as an init failure).
   */
  public static String unsupportedReason(Workload workload, DB probe, String dbClass) {
    if (workload instanceof TemplateWorkload) {
      return commandsUnsupportedReason(probe, dbClass);
    }
    if (!(workload instanceof LongCoreWorkload)) {
      return "runner.engine=async runs the core workload only (site.ycsb.workloads.CoreWorkload);"
          + " workload " + workload.getClass().getName() + " calls the binding itself: use runner.engine=sync";
    }
    if (probe == null) {
      return null;
    }
    if (!(probe instanceof AsyncDb)) {
      return "binding " + dbClass + " has no asynchronous interface (" + AsyncDb.class.getName()
          + "), which runner.engine=async needs: use runner.engine=sync";
    }
    String reason = ((AsyncDb) probe).asyncUnsupportedReason();
    return reason == null ? null : "runner.engine=async cannot run binding " + dbClass + ": " + reason;
  }

  private static String commandsUnsupportedReason(DB probe, String dbClass) {
    if (probe == null) {
      return null;
    }
    if (!(probe instanceof AsyncCommandDb)) {
      return "binding " + dbClass + " has no asynchronous command interface (" + AsyncCommandDb.class.getName()
          + "), which runner.engine=async needs for the template workload: use runner.engine=sync";
    }
    String reason = ((AsyncCommandDb) probe).asyncCommandsUnsupportedReason();
    return reason == null ? null : "runner.engine=async cannot run command templates on binding " + dbClass + ": "
        + reason + ": use runner.engine=sync";
  }

  /** Runs the phase; returns when every operation has completed and every binding is cleaned up. */
  public RunResult run(JvmStats jvmStats) throws InterruptedException {
    int clients = phase.clientCount();
    long opCount = options.operationCount();
    int threads = threads(options, clients);
    RunCoordinator coordinator = new RunCoordinator(workload, threads);
    WarmupGate gate = phase.warmupGate(coordinator, threads);
    boolean shared = sharedByEngineThread(phase.probe());
    List<AsyncDriver> drivers = new ArrayList<>(threads);
    for (int id = 0; id < threads; id++) {
      drivers.add(new AsyncDriver(id, coordinator, gate, phase.registry(), clients, shared));
    }
    for (int c = 0; c < clients; c++) {
      long share = phase.shareOf(opCount, clients, c);
      AsyncDriver driver = drivers.get(c % threads);
      TimedDb db = shared && c >= threads ? driver.sharedDb() : phase.newBinding(driver.id(), coordinator);
      if (db == null) {
        return PhaseLifecycle.notStarted(coordinator);
      }
      driver.add(new InFlightClient(driver, db, workload, options.transactions(), c, share, phase.throttle(clients, c),
          gate, phase.minimumDuration()), share);
    }
    return phase.run(drivers, "ycsb-async-", coordinator, gate, jvmStats);
  }

  /** The engine's OS threads for {@code clients} logical clients: {@code runner.engine.threads}, at most one per client. */
  public static int threads(RunOptions options, int clients) {
    return Math.max(1, Math.min(options.engineThreads(), clients));
  }

  private static boolean sharedByEngineThread(DB probe) {
    return probe instanceof AsyncDb a && a.sharedByEngineThread();
  }
}
