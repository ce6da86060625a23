package io.github.ycsbtiers.tiered.serve;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads that serve what would block a loop: reads that wait for a device, writes that wait
 * for their commit. First in first out; its threads start as they are needed, up to its size (as
 * deep as the clients' queue, so no operation waits for a thread while another waits for the
 * device), and park when idle. The queue is a list of the tasks themselves under a monitor: a
 * hand-over costs no allocation.
 */
final class IoPool {
  private final String name;
  private final int size;
  private final List<Thread> threads = new ArrayList<>();
  private StoreTask first;
  private StoreTask last;
  private int idle;
  /** Idle threads notified that have not woken yet: each will take a task, so a later task needs another. */
  private int wakeups;
  private boolean stopping;

  IoPool(String name, int size) {
    this.name = name;
    this.size = size;
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
    if (idle > wakeups) {
      wakeups++;
      notify();
    } else if (threads.size() < size && !stopping) {
      Thread t = new Thread(this::run, name + "-" + threads.size());
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  /** Threads started so far. */
  synchronized int started() {
    return threads.size();
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

  private void run() {
    while (true) {
      StoreTask task = take();
      if (task == null) {
        return;
      }
      task.started(System.nanoTime());
      try {
        task.serveBlocking();
      } catch (Throwable t) {
        StoreLoop.failed(task, t);
      }
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
    return task;
  }
}
