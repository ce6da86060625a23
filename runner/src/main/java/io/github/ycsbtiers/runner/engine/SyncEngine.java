package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import io.github.ycsbtiers.runner.workload.Operation;
import io.github.ycsbtiers.runner.workload.template.CommandOp;
import io.github.ycsbtiers.runner.workload.template.TemplateWorkload;
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
  private final PhaseLifecycle phase;

  /**
   * @param bindings creates one uninitialised binding instance per client thread
   */
  public SyncEngine(RunOptions options, Properties props, Workload workload, Supplier<DB> bindings,
                    MeasurementRegistry registry, PrintStream out, PrintStream err) {
    this.options = options;
    this.props = props;
    this.workload = workload;
    this.phase = new PhaseLifecycle(options, workload, bindings, registry, out, err);
  }

  /** Runs the phase; returns when every client has finished and been cleaned up. */
  public RunResult run(JvmStats jvmStats) throws InterruptedException {
    int threads = phase.clientCount();
    long opCount = options.operationCount();
    RunCoordinator coordinator = new RunCoordinator(workload, threads);
    WarmupGate gate = phase.warmupGate(coordinator, threads);
    List<ClientWorker> clients = new ArrayList<>(threads);
    for (int id = 0; id < threads; id++) {
      long share = phase.shareOf(opCount, threads, id);
      Throttle throttle = phase.throttle(threads, id);
      int clientCount = threads;
      int clientId = id;
      ClientWorker.Warmup warmup = gate == null ? null
          : new ClientWorker.Warmup(gate, phase.registry(), total -> shareOf(total, clientCount, clientId));
      TimedDb db = phase.newBinding(id, coordinator);
      if (db == null) {
        return PhaseLifecycle.notStarted(coordinator);
      }
      clients.add(new ClientWorker(id, db, share, throttle,
          (timed, cid) -> createStep(timed, cid, clientCount, throttle != null), coordinator, warmup,
          phase.minimumDuration()));
    }
    return phase.run(clients, "ycsb-client-", coordinator, gate, jvmStats);
  }

  /** Client {@code id}'s part of {@code total} operations: the first {@code total % threads} do one more. */
  static long shareOf(long total, int threads, int id) {
    return total / threads + (id < total % threads ? 1 : 0);
  }

  private OperationStep createStep(TimedDb db, int clientId, int clientCount, boolean throttled) throws Exception {
    Object state = workload.initThread(props, clientId, clientCount);
    if (workload instanceof TemplateWorkload templates && state instanceof CommandOp op) {
      return new TemplateStep(templates, db, op, options.transactions());
    }
    if (workload instanceof LongCoreWorkload core && state instanceof Operation op) {
      return new CoreWorkloadStep(core, db, op, options.transactions(), throttled);
    }
    return new LegacyWorkloadStep(workload, db, state, options.transactions());
  }
}
