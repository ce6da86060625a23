package io.github.ycsbtiers.tiered.serve;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A timer of a {@link StoreLoop}: an action run once on the loop's thread at or after its
 * deadline, and the future of that run. Scheduled from another thread, it reaches the loop through
 * the loop's task queue as a {@link StoreTask} (so it wakes the loop), and serving it puts it on
 * the loop's {@link TimerHeap}. A cancelled timer stays on the heap until it comes first, and is
 * dropped then.
 */
final class LoopTimer<V> extends StoreTask implements ScheduledFuture<V> {
  private static final VarHandle STATE;
  private static final int PENDING = 0;
  private static final int RUNNING = 1;
  private static final int DONE = 2;
  private static final int FAILED = 3;
  private static final int CANCELLED = 4;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(LoopTimer.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final StoreLoop loop;
  /** A {@link Runnable} or a {@link Callable}: one object per timer, no wrapper. */
  private final Object action;
  /** In {@link System#nanoTime} terms. */
  final long deadline;
  /** Order among equal deadlines: the heap's arrival number, the loop's thread only. */
  long sequence;
  @SuppressWarnings("unused") // through STATE
  private volatile int state;
  /** Whether a thread waits in {@link #get}: only then does completion take the monitor. */
  private volatile boolean awaited;
  // published by the state's volatile write, read after its volatile read
  private V value;
  private Throwable failure;

  LoopTimer(StoreLoop loop, Object action, long deadline) {
    this.loop = loop;
    this.action = action;
    this.deadline = deadline;
  }

  /** Arrived through the loop's queue: joins the loop's timers. */
  @Override
  protected void serve(StoreLoop on) {
    on.addTimer(this);
  }

  @Override
  protected void serveBlocking() {
    throw new IllegalStateException("a timer is never handed to the I/O pool");
  }

  @Override
  protected void failed(Throwable thrown) {
    drop();
  }

  /** On the loop's thread, once due: takes the timer to run it; false if it was cancelled. */
  boolean claim() {
    return STATE.compareAndSet(this, PENDING, RUNNING);
  }

  /** On the loop's thread, after {@link #claim}: runs the action. */
  @SuppressWarnings("unchecked")
  void runClaimed() {
    try {
      if (action instanceof Runnable r) {
        r.run();
      } else {
        value = ((Callable<V>) action).call();
      }
      complete(DONE);
    } catch (Throwable t) {
      // kept for get(): what a timer throws must not end the loop, which serves other clients
      failure = t;
      complete(FAILED);
    }
  }

  /** Dropped without running (the loop stops, or refused it). */
  void drop() {
    cancel(false);
  }

  /** {@code mayInterruptIfRunning} is ignored: a timer that runs is on the loop, which is never interrupted. */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    if (!STATE.compareAndSet(this, PENDING, CANCELLED)) {
      return false;
    }
    signal();
    return true;
  }

  private void complete(int end) {
    STATE.setVolatile(this, end);
    signal();
  }

  private void signal() {
    if (awaited) {
      synchronized (this) {
        notifyAll();
      }
    }
  }

  @Override
  public boolean isCancelled() {
    return state == CANCELLED;
  }

  @Override
  public boolean isDone() {
    return state > RUNNING;
  }

  boolean isPending() {
    return state == PENDING;
  }

  @Override
  public V get() throws InterruptedException, ExecutionException {
    try {
      return get(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new IllegalStateException("waited " + Long.MAX_VALUE + " ns", e);
    }
  }

  @Override
  public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
    if (!isDone()) {
      if (loop.inLoop()) {
        throw new IllegalStateException("waiting on the loop's own thread for its timer would never end");
      }
      awaitDone(unit.toNanos(timeout));
    }
    return outcome();
  }

  private void awaitDone(long nanos) throws InterruptedException, TimeoutException {
    awaited = true; // then the state: complete() writes the state, then reads this
    long until = System.nanoTime() + nanos;
    synchronized (this) {
      while (!isDone()) {
        long left = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : until - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException("timer not run after " + nanos + " ns");
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
  }

  private V outcome() throws ExecutionException {
    int s = state;
    if (s == CANCELLED) {
      throw new CancellationException("timer cancelled, or dropped as its store loop stopped");
    }
    if (s == FAILED) {
      throw new ExecutionException(failure);
    }
    return value;
  }

  @Override
  public long getDelay(TimeUnit unit) {
    return unit.convert(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
  }

  @Override
  public int compareTo(Delayed other) {
    if (other == this) {
      return 0;
    }
    long d = other instanceof LoopTimer<?> t ? deadline - t.deadline
        : getDelay(TimeUnit.NANOSECONDS) - other.getDelay(TimeUnit.NANOSECONDS);
    return Long.signum(d);
  }

  /** Whether this one runs before {@code other}: the earlier deadline, then the earlier arrival. */
  boolean before(LoopTimer<?> other) {
    long d = deadline - other.deadline;
    return d < 0 || d == 0 && sequence < other.sequence;
  }
}
