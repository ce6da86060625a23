package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.api.MeasurementStart;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.BindingLatencies;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.measure.GcTotals;
import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.shape.ProcessCpu;
import io.github.ycsbtiers.runner.timeline.LiveView;
import io.github.ycsbtiers.runner.timeline.Timeline;
import io.github.ycsbtiers.runner.timeline.TimelineWriter;
import io.github.ycsbtiers.runner.warmup.WarmupResult;
import io.github.ycsbtiers.runner.warmup.WarmupTimer;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import site.ycsb.DB;
import site.ycsb.Workload;

/**
 * What both engines do around their client threads: cut {@code -threads} to the operation count,
 * give each thread a timed binding instance, start the threads, hold the run until every binding
 * has initialised, let them warm up unmeasured if {@code warmuptime} asks (then switch every
 * measurement to a fresh start), then time the measured phase with the status line and
 * {@code maxexecutiontime} watching, and sum up what was done.
 */
final class PhaseLifecycle {
  /** Put before the label of the status lines printed during the warm-up. */
  static final String WARMUP_LABEL = "[WARMUP] ";

  private final RunOptions options;
  private final MinimumDuration minimum;
  private final Workload workload;
  private final Supplier<DB> bindings;
  private final MeasurementRegistry registry;
  /** Where warm-up operations are recorded (never exported); null without a warm-up. */
  private final MeasurementRegistry warmupRegistry;
  private final FailureLog failures = new FailureLog();
  /** The run's timeline rows, fed by both registries; null without {@code timeline.file} or a live view. */
  private final Timeline timeline;
  private final PrintStream out;
  private final PrintStream err;
  /** The rate profile's time base; null without {@code target.profile}. */
  private final ProfileClock profile;

  PhaseLifecycle(RunOptions options, Workload workload, Supplier<DB> bindings, MeasurementRegistry registry,
                 PrintStream out, PrintStream err) {
    this.options = options;
    this.minimum = MinimumDuration.of(options.minExecutionSeconds());
    this.workload = workload;
    this.bindings = bindings;
    this.registry = registry;
    this.warmupRegistry = options.warmup().enabled()
        ? new MeasurementRegistry(registry.options().forWarmup()) : null;
    this.timeline = options.timeline().enabled() || registry.liveView() != null
        ? new Timeline(warmupRegistry != null) : null;
    if (timeline != null) {
      registry.feed(timeline);
      if (warmupRegistry != null) {
        warmupRegistry.feed(timeline);
      }
    }
    this.out = out;
    this.err = err;
    this.profile = options.profile() == null ? null : new ProfileClock(options.profile(), registry.sendLateness());
    if (profile != null) {
      registry.sendLateness().countLateAfter(options.profile().lateNanos());
    }
  }

  /** The rate profile's clock, or null without one. */
  ProfileClock profile() {
    return profile;
  }

  /** The registry the measured phase records into. */
  MeasurementRegistry registry() {
    return registry;
  }

  /**
   * The gate between warm-up and measurement for {@code clients} clients, or null without a
   * warm-up. A Load's warm-up may insert at most half of its records.
   */
  WarmupGate warmupGate(RunCoordinator coordinator, int clients) {
    if (warmupRegistry == null) {
      return null;
    }
    long budget = options.transactions() || options.operationCount() == 0 ? -1 : options.operationCount() / 2;
    return new WarmupGate(coordinator, clients, budget);
  }

  /** {@code -threads}, but no more clients than operations, with upstream's warning when cut. */
  int clientCount() {
    int clients = options.logicalClients();
    if (clients < options.threads()) {
      out.println("Warning: the threadcount is bigger than recordcount, the threadcount will be recordcount!");
    }
    return clients;
  }


  /** {@code minexecutiontime}, shared by the phase's clients. */
  MinimumDuration minimumDuration() {
    return minimum;
  }

  /**
   * The throttle of client {@code client} of {@code clients}: its share of {@code -target} or of the
   * rate profile; null for neither.
   */
  Throttle throttle(int clients, int client) {
    if (profile != null) {
      return new Throttle(profile, profile.options().slot(client), profile.options().stride());
    }
    return options.targetOpsPerSecond() > 0
        ? new Throttle(options.targetOpsPerSecond() / (double) clients / 1000.0) : null;
  }

  /**
   * Client {@code client}'s part of {@code total} operations: the first {@code total % clients} do
   * one more; under a rate profile, its share of the profile's operations.
   */
  long shareOf(long total, int clients, int client) {
    return profile != null ? profile.options().operationsOf(client) : SyncEngine.shareOf(total, clients, client);
  }

  /** An instance with its properties set, never initialised, to ask what it supports; null if none can be made. */
  DB probe() {
    try {
      return bindings.get();
    } catch (RuntimeException e) {
      return null;
    }
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
    return new TimedDb(binding, warmupRegistry != null ? warmupRegistry : registry, failures);
  }

  /** The result of a run aborted before any operation because a binding failed to initialise. */
  static RunResult notStarted(RunCoordinator coordinator) {
    return new RunResult(0, 0, false, coordinator.failures(), 0, null, null, GcTotals.zero(), -1);
  }

  /**
   * Runs {@code threads}, one OS thread each, named {@code namePrefix} and its index; returns when
   * every one has finished and been cleaned up.
   */
  <T extends Runnable & Progress> RunResult run(List<T> threads, String namePrefix, RunCoordinator coordinator,
                                                WarmupGate gate, JvmStats jvmStats) throws InterruptedException {
    try (BindingLatencies latencies = BindingLatencies.install(gate != null ? warmupRegistry : registry)) {
      return run(threads, namePrefix, coordinator, gate, jvmStats, latencies);
    }
  }

  private <T extends Runnable & Progress> RunResult run(List<T> threads, String namePrefix,
                                                        RunCoordinator coordinator, WarmupGate gate,
                                                        JvmStats jvmStats, BindingLatencies latencies)
      throws InterruptedException {
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
    WarmupResult warmup = null;
    GcTotals gcBefore = GcTotals.zero();
    if (profile != null) {
      profile.start(err);
    }
    TimelineWriter rows = timelineWriter(threads);
    if (gate != null) {
      coordinator.start();
      try {
        warmup = warmUp(threads, coordinator, gate);
      } finally {
        if (warmup == null) {
          // the warm-up failed: stop the run, and let go the clients waiting at the gate
          workload.requestStop();
          gate.release(0);
        }
      }
      // every client waits at the gate: bindings' own counts (the tiered store's [TIER]) and
      // latencies restart here
      if (rows != null) {
        // the warm-up's last row, before the bindings restart their counts
        rows.warmupEnded();
      }
      latencies.measuring(registry);
      MeasurementStart.begin();
      gcBefore = GcTotals.now();
    }
    StatusReporter status = statusLine(threads, coordinator, registry, jvmStats, options.label());
    // the phase's run time begins with the profile, which may start later (target.profile.start)
    long aheadMillis = profile == null ? 0 : profile.millisAhead();
    Terminator terminator = options.maxExecutionSeconds() > 0
        ? new Terminator(options.maxExecutionSeconds() + (aheadMillis + 999) / 1000, workload, err) : null;
    long st = System.currentTimeMillis() + aheadMillis;
    long cpuStart = ProcessCpu.nanos();
    minimum.start(System.nanoTime());
    if (gate == null) {
      coordinator.start();
    } else {
      gate.release(measuredOperations(warmup.operations()));
    }
    if (status != null) {
      status.start();
    }
    if (terminator != null) {
      terminator.start();
    }
    joinAll(running);
    long en = System.currentTimeMillis();
    long cpuEnd = ProcessCpu.nanos();
    if (terminator != null) {
      terminator.interrupt();
    }
    if (status != null) {
      status.finish();
    }
    if (rows != null) {
      rows.finish();
    }
    long done = 0;
    for (T c : threads) {
      done += c.opsDone();
    }
    return new RunResult(done, en - st, true, coordinator.failures(), failures.count(), failures.first(), warmup,
        gcBefore, cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart);
  }

  /**
   * Runs the warm-up: clients work while the timer runs, then finish what they have in flight and
   * wait at the gate; returns what they did, with every client waiting.
   */
  private <T extends Progress> WarmupResult warmUp(List<T> clients, RunCoordinator coordinator, WarmupGate gate)
      throws InterruptedException {
    long start = System.nanoTime();
    List<Progress> view = new ArrayList<>(clients.size());
    for (T c : clients) {
      view.add(new WarmupProgress(c));
    }
    StatusReporter status = statusLine(view, coordinator, warmupRegistry, null, WARMUP_LABEL + options.label());
    if (status != null) {
      status.start();
    }
    String reason;
    try {
      reason = WarmupTimer.of(options.warmup(), () -> warmupOps(clients)).awaitEnd(gate);
      gate.end(reason);
      gate.awaitArrivals();
    } finally {
      if (status != null) {
        status.finish();
      }
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    long ops = warmupOps(clients);
    err.println(WarmupTimer.endLine(millis, ops, reason));
    return new WarmupResult(millis, ops, reason, warmupRegistry.returnCodes());
  }

  /**
   * The timeline's writer, started, counting the warm-up's operations until it ends and then the
   * measured ones; null without {@code timeline.file} or a live view.
   */
  private <T extends Progress> TimelineWriter timelineWriter(List<T> clients) {
    if (timeline == null) {
      return null;
    }
    LiveView live = registry.liveView();
    if (live != null) {
      live.inFlight(() -> {
        long n = 0;
        for (T c : clients) {
          n += c.inFlight();
        }
        return n;
      });
    }
    TimelineWriter w = new TimelineWriter(timeline, options.timeline(), () -> {
      long done = 0;
      for (T c : clients) {
        done += timeline.warmingUp() ? c.warmupOpsDone() : c.opsDone();
      }
      return done;
    }, options.logicalClients(), err, live);
    if (profile != null) {
      w.offered(profile);
    }
    w.start();
    return w;
  }

  /** The {@code -s} status line over {@code clients}, or null without {@code -s}. */
  private StatusReporter statusLine(List<? extends Progress> clients, RunCoordinator coordinator,
                                    MeasurementRegistry from, JvmStats jvmStats, String label) {
    return options.status() ? new StatusReporter(clients, coordinator, from, jvmStats, label,
        options.statusIntervalSeconds(), err, options.statusToStdout() ? out : null) : null;
  }

  /**
   * What the measured phase does in all: {@code operationcount} of a run phase, the records a
   * Load's warm-up left ({@code insertcount} less the warm-up's inserts); 0 for unbounded.
   */
  private long measuredOperations(long warmupOps) {
    long total = options.operationCount();
    if (options.transactions() || total == 0) {
      return total;
    }
    return Math.max(0, total - warmupOps);
  }

  private static long warmupOps(List<? extends Progress> clients) {
    long done = 0;
    for (Progress c : clients) {
      done += c.warmupOpsDone();
    }
    return done;
  }

  /** A client's warm-up operations as the status line's progress. */
  private record WarmupProgress(Progress client) implements Progress {
    @Override
    public long opsDone() {
      return client.warmupOpsDone();
    }

    @Override
    public long opsTodo() {
      return 0;
    }

    @Override
    public long warmupOpsDone() {
      return client.warmupOpsDone();
    }

    @Override
    public long inFlight() {
      return client.inFlight();
    }
  }

  private static void joinAll(List<Thread> threads) throws InterruptedException {
    for (Thread t : threads) {
      t.join();
    }
  }
}
