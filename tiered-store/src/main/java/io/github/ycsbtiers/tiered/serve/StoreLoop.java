package io.github.ycsbtiers.tiered.serve;

import java.util.concurrent.locks.LockSupport;

/**
 * One store loop: a thread that runs the tasks submitted to it in arrival order, parking when it
 * has none. A submitter from another thread wakes it if it parked; a task submitted by the loop's
 * own thread (a client's next operation, issued as its previous one completes) is simply queued.
 */
public final class StoreLoop {
  private final TaskQueue queue = new TaskQueue();
  private final IoPool pool;
  private final Thread thread;
  private volatile boolean parked;
  private volatile boolean stopping;

  StoreLoop(String name, IoPool pool) {
    this.pool = pool;
    this.thread = new Thread(this::run, name);
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Any thread: queues {@code task} behind those that arrived before it. */
  public void submit(StoreTask task) {
    task.submitted(System.nanoTime());
    queue.offer(task);
    // the exchange in offer is a full fence: either the loop sees the task or we see it parked
    if (parked && Thread.currentThread() != thread) {
      LockSupport.unpark(thread);
    }
  }

  /**
   * Any thread: {@code task} goes straight to the I/O pool, behind what is queued there, without
   * passing the loop: for an operation that always blocks (a write waits for its commit), the
   * loop's turn would be one more thread hand-over and nothing else.
   */
  public void submitBlocking(StoreTask task) {
    long now = System.nanoTime();
    task.submitted(now);
    task.handed(now);
    pool.submit(task);
  }

  /** The loop's thread, in {@link StoreTask#serve}: the task goes on in the I/O pool, behind what is queued there. */
  public void offload(StoreTask task) {
    task.handed(System.nanoTime());
    pool.submit(task);
  }

  /** Whether the current thread is this loop's. */
  public boolean inLoop() {
    return Thread.currentThread() == thread;
  }

  Thread thread() {
    return thread;
  }

  void stop() throws InterruptedException {
    stopping = true;
    LockSupport.unpark(thread);
    thread.join();
  }

  /** Completes a task that threw; what its failure handling throws must not end the loop, which serves other clients. */
  static void failed(StoreTask task, Throwable thrown) {
    try {
      task.failed(thrown);
    } catch (Throwable again) {
      thrown.addSuppressed(again);
      System.err.println("tiered: a store operation failed and could not be completed: " + thrown);
    }
  }

  private void run() {
    while (true) {
      StoreTask task = queue.poll();
      if (task != null) {
        task.started(System.nanoTime());
        try {
          task.serve(this);
        } catch (Throwable t) {
          failed(task, t);
        }
        continue;
      }
      if (!queue.isEmpty()) {
        Thread.onSpinWait(); // a submitter is linking its task
        continue;
      }
      if (stopping) {
        return;
      }
      parked = true;
      if (queue.isEmpty() && !stopping) {
        LockSupport.park(this);
      }
      parked = false;
    }
  }
}
