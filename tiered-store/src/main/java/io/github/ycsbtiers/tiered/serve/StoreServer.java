package io.github.ycsbtiers.tiered.serve;

import java.util.ArrayList;
import java.util.List;

/**
 * A store's loops and its I/O pool. Each client is bound to one loop ({@link #loopFor}, round
 * robin by the client's number) and submits its operations there. Started once per store, stopped before the store
 * closes, with nothing in flight.
 */
public final class StoreServer implements AutoCloseable {
  private final List<StoreLoop> loops;
  private final IoPool pool;

  private StoreServer(List<StoreLoop> loops, IoPool pool) {
    this.loops = loops;
    this.pool = pool;
  }

  /**
   * Starts {@code loops} loop threads ({@code <name>-loop-<i>}); the I/O pool's threads
   * ({@code <name>-io-<i>}, at most {@code ioThreads}) start as they are needed. {@code ioCarry}:
   * whether a pool thread serves its client's next operation itself when nothing waits in the
   * pool's queue (see {@link IoPool}).
   */
  public static StoreServer start(String name, int loops, int ioThreads, boolean ioCarry) {
    if (loops < 1 || ioThreads < 1) {
      throw new IllegalArgumentException("loops and I/O threads must be at least 1: " + loops + ", " + ioThreads);
    }
    IoPool pool = new IoPool(name + "-io", ioThreads, ioCarry);
    List<StoreLoop> all = new ArrayList<>(loops);
    for (int i = 0; i < loops; i++) {
      all.add(new StoreLoop(name + "-loop-" + i, pool));
    }
    all.forEach(StoreLoop::start);
    return new StoreServer(List.copyOf(all), pool);
  }

  /** The loop of client number {@code client}: round robin. */
  public StoreLoop loopFor(int client) {
    return loops.get(Math.floorMod(client, loops.size()));
  }

  public int loopCount() {
    return loops.size();
  }

  /** The I/O pool's size: the most threads it starts. */
  public int ioThreads() {
    return pool.size();
  }

  /** The I/O pool's threads started so far (those it needed). */
  public int ioThreadsStarted() {
    return pool.started();
  }

  /** Operations handed over to the I/O pool's queue so far (by a loop, or by a writer's submission). */
  public long ioHandOvers() {
    return pool.handOvers();
  }

  /** Operations served in the I/O pool without a hand-over to it (a pool thread carried its client on), so far. */
  public long ioCarried() {
    return pool.carried();
  }

  /**
   * The running totals at one moment: operations the loops' own threads issued to them, timers they
   * ran, operations handed over to the I/O pool and those it served without a hand-over.
   */
  public record Counts(long loopSubmits, long timersRun, long ioHandOvers, long ioCarried) {
    public static final Counts NONE = new Counts(0, 0, 0, 0);

    /** What happened since {@code before}. */
    public Counts since(Counts before) {
      return new Counts(loopSubmits - before.loopSubmits, timersRun - before.timersRun,
          ioHandOvers - before.ioHandOvers, ioCarried - before.ioCarried);
    }
  }

  /** The running totals now. */
  public Counts counts() {
    return new Counts(loopSubmits(), timersRun(), ioHandOvers(), ioCarried());
  }

  /** Whether {@code t} is one of the loops' threads. */
  public boolean isLoopThread(Thread t) {
    for (StoreLoop l : loops) {
      if (l.thread() == t) {
        return true;
      }
    }
    return false;
  }

  /** Operations the loops' own threads submitted to them (issued on the loop that serves them), so far. */
  public long loopSubmits() {
    long n = 0;
    for (StoreLoop l : loops) {
      n += l.ownSubmits();
    }
    return n;
  }

  /** Timers the loops ran, so far. */
  public long timersRun() {
    long n = 0;
    for (StoreLoop l : loops) {
      n += l.timersRun();
    }
    return n;
  }

  /**
   * Stops the loops and the pool once what is queued has run; waits for their threads. The loops'
   * pending timers are dropped, not waited for.
   */
  @Override
  public void close() {
    try {
      for (StoreLoop l : loops) {
        l.stop();
      }
      pool.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
