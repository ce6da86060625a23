package io.github.ycsbtiers.tiered.serve;

/**
 * One operation served by a {@link StoreLoop}. A client has one operation in flight at a time, so
 * it keeps one task and submits it again and again: the task is its own queue node, and serving
 * allocates nothing. The loop and the I/O pool time it: {@link #waitNanos} is the time it spent
 * queued (for the loop, and for the pool if it went there), {@link #serviceNanos} the rest.
 */
public abstract class StoreTask {
  /** The loop's queue link ({@link TaskQueue}). */
  volatile StoreTask next;
  /** The I/O pool's queue link, under the pool's lock. */
  StoreTask poolNext;
  private long submitted;
  private long handed;
  private long waited;

  /**
   * On the loop's thread: serves the operation inline, or hands it on with {@link StoreLoop#offload}
   * when it would wait (for a device, a lock or a commit). Must not block.
   */
  protected abstract void serve(StoreLoop loop);

  /** On an I/O pool thread, after {@link StoreLoop#offload}: serves what may block. */
  protected abstract void serveBlocking();

  /** What {@link #serve} or {@link #serveBlocking} threw: the task must still complete. */
  protected abstract void failed(Throwable thrown);

  /** The time queued so far: from submission to the loop's start, plus the I/O pool's queue. */
  public final long waitNanos() {
    return waited;
  }

  /** The time being served, from submission to {@code nowNanos} less {@link #waitNanos}. */
  public final long serviceNanos(long nowNanos) {
    return nowNanos - submitted - waited;
  }

  final void submitted(long nowNanos) {
    submitted = nowNanos;
    handed = nowNanos;
    waited = 0;
  }

  /** Started by the loop or by a pool thread: the time since it was submitted or handed on was queueing. */
  final void started(long nowNanos) {
    waited += nowNanos - handed;
  }

  /** Handed on to the I/O pool at {@code nowNanos}. */
  final void handed(long nowNanos) {
    handed = nowNanos;
  }
}
