package io.github.ycsbtiers.tiered.serve;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A loop's queue: many submitters, one consumer, first in first out, with the tasks as its nodes
 * (Vyukov's intrusive MPSC queue), so that queueing allocates nothing. A submit is one atomic
 * exchange: the order of the exchanges is the order of arrival, and the order of {@link #poll}.
 * A task may be submitted again once it has been polled.
 */
final class TaskQueue {
  private static final VarHandle HEAD;

  static {
    try {
      HEAD = MethodHandles.lookup().findVarHandle(TaskQueue.class, "head", StoreTask.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Stands in the queue when it would otherwise be empty, so that head and tail are never null. */
  private final StoreTask stub = new StoreTask() {
    @Override
    protected void serve(StoreLoop loop) {
    }

    @Override
    protected void serveBlocking() {
    }

    @Override
    protected void failed(Throwable thrown) {
    }
  };
  /** The last submitted node; submitters exchange it. */
  @SuppressWarnings("unused") // through HEAD
  private volatile StoreTask head = stub;
  /** The oldest node not yet polled (or the stub); the consumer's only. */
  private StoreTask tail = stub;

  /** Any thread: appends {@code task}. */
  void offer(StoreTask task) {
    task.next = null;
    StoreTask previous = (StoreTask) HEAD.getAndSet(this, task);
    // until this store, the consumer sees the queue end at previous and waits (see poll)
    previous.next = task;
  }

  /**
   * The consumer: the oldest task, or null if there is none. A submitter between its exchange and
   * its link makes the queue look empty for that moment; {@link #isEmpty} is false then, and the
   * consumer polls again.
   */
  StoreTask poll() {
    StoreTask t = tail;
    StoreTask n = t.next;
    if (t == stub) {
      if (n == null) {
        return null;
      }
      tail = n;
      t = n;
      n = n.next;
    }
    if (n != null) {
      tail = n;
      return t;
    }
    if (t != head) {
      return null; // a submitter has exchanged but not linked yet
    }
    offer(stub);
    n = t.next;
    if (n != null) {
      tail = n;
      return t;
    }
    return null;
  }

  /** Whether nothing is queued, not even a task still being linked. */
  boolean isEmpty() {
    StoreTask t = tail;
    return t == stub && t.next == null && head == t;
  }
}
