package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.MeasurementStart;
import io.github.ycsbtiers.tiered.serve.StoreLoop;
import io.github.ycsbtiers.tiered.serve.StoreServer;
import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.usage.Usage;
import io.github.ycsbtiers.tiered.usage.UsageProbe;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How a shared store serves the binding's clients, one per store (its {@code SharedStores}
 * companion): the store loops and I/O pool of the asynchronous path, started when a client first
 * uses it and stopped before the store closes, and what the report says of the clients and the
 * threads that ran their operations, and of what the store used (its threads' CPU, its device)
 * from the start of measuring to its close.
 */
final class StoreService implements AutoCloseable {
  private static final String NAME = "tiered";
  private final int loops;
  private final int ioThreads;
  private final boolean ioCarry;
  private final UsageProbe usage;
  private final Runnable restart = this::restartUsage;
  /** The reading the report's usage starts from: the service's start, or measuring's after a warm-up. */
  private UsageProbe.Sample usageStart;
  /** The reading taken as the service closed, before its threads ended; null while open. */
  private UsageProbe.Sample usageEnd;
  private final AtomicInteger clients = new AtomicInteger();
  /** Threads that called the synchronous methods: YCSB's client threads (or the sync engine's). */
  private final Set<Thread> callers = ConcurrentHashMap.newKeySet();
  private StoreServer server;
  /** The loops' and the I/O pool's counts at measuring's start, which the report's start from. */
  private StoreServer.Counts countsStart = StoreServer.Counts.NONE;

  StoreService(StoreOptions options) {
    this.loops = options.loops();
    this.ioThreads = options.ioThreads();
    this.ioCarry = options.ioCarry();
    this.usage = UsageProbe.of(NAME, options.path());
    this.usageStart = usage.sample();
    MeasurementStart.register(restart);
  }

  /** The probe of what the store uses (its threads' CPU, its device), for the timeline's rows. */
  UsageProbe usage() {
    return usage;
  }

  private synchronized void restartUsage() {
    usageStart = usage.sample();
    if (server != null) {
      countsStart = server.counts();
    }
  }

  /** A client's {@code init}: its number among the store's clients, which binds it to a loop. */
  int clientAdded() {
    return clients.getAndIncrement();
  }

  /** The loop of client number {@code client} (round robin); the first call starts the loops. */
  synchronized StoreLoop loopOf(int client) {
    if (server == null) {
      server = StoreServer.start(NAME, loops, ioThreads, ioCarry);
    }
    return server.loopFor(client);
  }

  /** A thread called a synchronous method (once per thread and client: the client remembers it). */
  void called(Thread caller) {
    callers.add(caller);
  }

  /** What the report states; final once every client is done. */
  synchronized Figures figures() {
    StoreServer.Counts counts = server == null ? StoreServer.Counts.NONE : server.counts().since(countsStart);
    return new Figures(server == null ? 0 : server.loopCount(), server == null ? 0 : server.ioThreads(),
        clients.get(), callers.size(), Runtime.getRuntime().availableProcessors(), counts.loopSubmits(),
        counts.timersRun(), counts.ioHandOvers(), counts.ioCarried());
  }

  /** What the store used from the start of measuring to the service's close (or to now while open). */
  synchronized Usage usageFigures() {
    return usage.between(usageStart, usageEnd != null ? usageEnd : usage.sample());
  }

  @Override
  public synchronized void close() {
    MeasurementStart.unregister(restart);
    // before the loops and the pool stop: an ended thread's CPU time leaves /proc with it
    usageEnd = usage.sample();
    if (server != null) {
      server.close();
    }
  }

  /**
   * The report's figures: loops and I/O threads (0 when no client used the asynchronous path),
   * binding instances, threads that called the store synchronously, the cores, and since measuring
   * started the operations issued on the loops that served them (by their own threads: as a
   * client's previous operation completed there, or from a timer) and the timers the loops ran (a
   * throttled client's waits for its due times), the operations handed over to the I/O pool's queue,
   * and those a pool thread served right after the one before without a hand-over.
   */
  record Figures(int loops, int ioThreads, int clients, int callingThreads, int cores, long loopIssued,
                 long loopTimers, long ioHandOvers, long ioCarried) {
    /** Whether more threads ran store operations than there are cores, so that a thread may lose its core in one. */
    boolean oversubscribed() {
      return callingThreads > cores;
    }

    /** The line that says so, or null. */
    String oversubscriptionNote() {
      return oversubscribed()
          ? "tiered: store operations ran on " + callingThreads + " calling threads on " + cores + " cores: latencies"
              + " above the p99 may include the scheduler's time slices (a thread that loses its core inside an"
              + " operation holds it); the runner's async engine serves the same clients on the store's loops"
          : null;
    }
  }
}
