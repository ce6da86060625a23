package io.github.ycsbtiers.tiered.serve;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link StoreLoop} as a {@link ScheduledExecutorService}: what it is given runs on the loop's
 * thread, {@link #execute} as soon as the loop gets to it, {@link #schedule} once due, so a client
 * whose operations the loop serves can wait there for its next due time and issue from there
 * (the runner's async engine under {@code -target}, through {@code AsyncDb.eventLoop()}).
 *
 * <p>The loop belongs to its store: it stops when the store closes ({@link StoreServer#close}),
 * dropping its pending timers (their futures are cancelled); from then on this executor
 * {@link #isShutdown} and rejects work with a {@link RejectedExecutionException}, and
 * {@link #isTerminated} once the loop's thread has ended. {@link #shutdown} and
 * {@link #shutdownNow} do not stop the loop, which serves other clients too: they are refused with
 * an {@link UnsupportedOperationException}, as are {@link #scheduleAtFixedRate} and
 * {@link #scheduleWithFixedDelay}; the runner, this executor's one user, calls none of them (it
 * sets one timer at a time per client, and re-arms it from the timer itself). An action must not
 * block: it holds up every client of the loop.
 */
final class LoopScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  /** Far enough that {@code now + delay} cannot overflow the comparison of two deadlines. */
  private static final long MAX_DELAY_NANOS = Long.MAX_VALUE >> 1;
  private final StoreLoop loop;

  LoopScheduler(StoreLoop loop) {
    this.loop = loop;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return timer(Objects.requireNonNull(command, "command"), delay, unit);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    return timer(Objects.requireNonNull(callable, "callable"), delay, unit);
  }

  @Override
  public void execute(Runnable command) {
    timer(Objects.requireNonNull(command, "command"), 0, TimeUnit.NANOSECONDS);
  }

  private <V> LoopTimer<V> timer(Object action, long delay, TimeUnit unit) {
    long nanos = Math.min(Math.max(0, unit.toNanos(delay)), MAX_DELAY_NANOS);
    LoopTimer<V> t = new LoopTimer<>(loop, action, System.nanoTime() + nanos);
    loop.schedule(t);
    return t;
  }

  /** Unsupported: the runner never sets a repeating timer. */
  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException("a store loop's timers run once: schedule the next one from the action");
  }

  /** Unsupported: the runner never sets a repeating timer. */
  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException("a store loop's timers run once: schedule the next one from the action");
  }

  /** Unsupported: the loop serves other clients and stops with its store ({@link StoreServer#close}). */
  @Override
  public void shutdown() {
    throw new UnsupportedOperationException("a store loop stops with its store (StoreServer.close), not by a client");
  }

  /** Unsupported: the loop serves other clients and stops with its store ({@link StoreServer#close}). */
  @Override
  public List<Runnable> shutdownNow() {
    throw new UnsupportedOperationException("a store loop stops with its store (StoreServer.close), not by a client");
  }

  /** True once the loop is stopping: it runs no more timers and rejects new ones. */
  @Override
  public boolean isShutdown() {
    return loop.isStopping();
  }

  /** True once the loop's thread has ended. */
  @Override
  public boolean isTerminated() {
    return loop.isStopped();
  }

  /** Waits for the loop's thread to end: for the store to stop the loop, and the loop to finish its queue. */
  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long until = System.nanoTime() + unit.toNanos(timeout);
    while (!isTerminated()) {
      long left = until - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      if (loop.isStopping()) {
        TimeUnit.NANOSECONDS.timedJoin(loop.thread(), left);
      } else {
        TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(10)));
      }
    }
    return true;
  }
}
