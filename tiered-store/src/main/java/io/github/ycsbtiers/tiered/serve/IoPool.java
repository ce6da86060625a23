package io.github.ycsbtiers.tiered.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The threads that serve what would block a loop: reads that wait for a device, writes that wait
 * for their commit. First in first out; its threads start as they are needed, up to its size (as
 * deep as the clients' queue, so no operation waits for a thread while another waits for the
 * device), and park when idle. The queue is a list of the tasks themselves under a monitor: a
 * hand-over costs no allocation.
 *
 * <p>A thread carries its client on ({@link #carry}): when the operation it served completes, the
 * client's next one is issued on that same thread, and if nothing waits in the queue, the thread
 * serves it next itself, a DRAM hit inline and a miss with its read, instead of handing it to the
 * loop and the loop handing the miss back to the pool. While a client misses, its operations then
 * stay on one thread, as fio's jobs do: a miss costs its read's sleep and wake-up and no hand-over
 * between threads (two futex wake-ups and two context switches fewer; measured in
 * docs/performance.md). A thread carries one task at a time, and none while others queue, so a
 * queued task is never overtaken by more than the one a thread took before it arrived.
 */
final class IoPool {
  private final String name;
  private final int size;
  private final boolean carrying;
  private final List<Thread> threads = new ArrayList<>();
  private StoreTask first;
  private StoreTask last;
  private int idle;
  /** Idle threads notified that have not woken yet: each will take a task, so a later task needs another. */
  private int wakeups;
  private boolean stopping;
  /** Tasks in the queue, read without the lock by a thread deciding whether to carry on. */
  private volatile int queued;
  /** Tasks queued so far (hand-overs to the pool), under the lock; read by the report. */
  private volatile long handOvers;
  private final LongAdder carried = new LongAdder();

  /** @param carrying whether a thread carries its client's next operation on ({@link #carry}) */
  IoPool(String name, int size, boolean carrying) {
    this.name = name;
    this.size = size;
    this.carrying = carrying;
  }

  int size() {
    return size;
  }

  synchronized void submit(StoreTask task) {
    task.poolNext = null;
    if (last == null) {
      first = task;
    } else {
      last.poolNext = task;
    }
    last = task;
    queued++;
    handOvers++;
    if (idle > wakeups) {
      wakeups++;
      notify();
    } else if (threads.size() < size && !stopping) {
      Thread t = new Worker(name + "-" + threads.size());
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  /**
   * On one of this pool's threads, with nothing queued: {@code task} is served next on this
   * thread, without a hand-over, by {@link StoreTask#serve} on {@code loop}'s behalf (it was
   * submitted to {@code loop}), or by {@link StoreTask#serveBlocking} when {@code loop} is null (it
   * was handed to the pool). False otherwise: the caller queues it as before.
   */
  boolean carry(StoreTask task, StoreLoop loop) {
    if (!carrying || queued > 0 || !(Thread.currentThread() instanceof Worker w) || w.pool() != this
        || w.next != null) {
      return false;
    }
    w.next = task;
    w.nextLoop = loop;
    return true;
  }

  /** Threads started so far. */
  synchronized int started() {
    return threads.size();
  }

  /** Tasks handed over to the pool's queue so far. */
  long handOvers() {
    return handOvers;
  }

  /** Tasks served in the pool without a hand-over to it so far (a thread carried them on). */
  long carried() {
    return carried.sum();
  }

  void stop() throws InterruptedException {
    List<Thread> all;
    synchronized (this) {
      stopping = true;
      notifyAll();
      all = new ArrayList<>(threads);
    }
    for (Thread t : all) {
      t.join();
    }
  }

  /** The oldest task, waiting for one; null once stopping with none queued. */
  private synchronized StoreTask take() {
    while (first == null) {
      if (stopping) {
        return null;
      }
      idle++;
      try {
        wait();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      } finally {
        idle--;
        if (wakeups > 0) {
          wakeups--;
        }
      }
    }
    StoreTask task = first;
    first = task.poolNext;
    if (first == null) {
      last = null;
    }
    queued--;
    return task;
  }

  /** A pool thread: serves a queued task, then what it carries on, until none; then the queue again. */
  private final class Worker extends Thread {
    /** What this thread serves next (set by {@link #carry} while it serves the task before). */
    private StoreTask next;
    private StoreLoop nextLoop;

    Worker(String name) {
      super(name);
    }

    IoPool pool() {
      return IoPool.this;
    }

    @Override
    public void run() {
      StoreTask task;
      while ((task = take()) != null) {
        serveBlocking(task);
        while (next != null) {
          StoreTask carriedTask = next;
          StoreLoop loop = nextLoop;
          next = null;
          nextLoop = null;
          if (loop == null) {
            carried.increment();
            serveBlocking(carriedTask);
          } else {
            loop.serve(carriedTask); // on this thread, as the loop would
          }
        }
      }
    }
  }

  /** Starts {@code task}'s service; what it throws goes to its own failure handling. */
  private static void serveBlocking(StoreTask task) {
    task.started(System.nanoTime());
    try {
      task.serveBlocking();
    } catch (Throwable t) {
      StoreLoop.failed(task, t);
    }
  }
}
