package io.github.ycsbtiers.tiered.store.internal;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Leader/follower group commit. Each writer queues its request; whoever gets the leader lock takes
 * the queued requests, writes them with one commit (one sync), then wakes their submitters. A lone
 * writer leads its own batch with no thread hand-off; concurrent writers share a commit. A submit
 * returns only after the commit that holds its request returned.
 *
 * <p>Gathering: writers released by one commit are still on their way back when the next leader
 * starts, so a leader that commits at once takes only the first of them and the others wait for
 * another sync: with 8 writers on 2 cores, groups stay near half the writers. So when the previous
 * batch was shared, a leader first waits for one writer more than it held (never more than the
 * writer threads), for at most half the previous commit's duration: groups grow to the number of
 * concurrent writers, a lone writer never waits, and where a commit takes microseconds so does
 * the wait. A leader gathering for a slow commit parks, and the writer whose request completes the
 * group it waits for wakes it. It slept in 50 us slices before, and each overshot by the timer's
 * slack (about 50 us more), a wait as long as the sync itself here (8 writers' synced Load:
 * 1.00-1.17x the slices' rate in 3 alternated rounds).
 */
public final class GroupCommit {
  private static final int MAX_BATCH = 1024;
  private static final long MAX_GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  // While commits take microseconds, a waiter yields a while before it parks: it stays runnable
  // and sees its result without the futex wake-up a park costs (on 2 cores with 8 writers about
  // twice the throughput). Once a commit takes longer (a disk's sync: about a millisecond here),
  // yielding only burns the cores the other writers and the sync need, and a waiter parks at once.
  private static final int MAX_YIELDS = 64;
  private static final long YIELD_BELOW_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
  // a safety net only: a waiter is woken when its batch is done or when the leader steps down
  private static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final BatchWriter writer;
  private final int writers;
  private final ConcurrentLinkedQueue<WriteRequest> queue = new ConcurrentLinkedQueue<>();
  private final AtomicInteger queued = new AtomicInteger();
  private final ReentrantLock leader = new ReentrantLock();
  private final List<WriteRequest> batch = new ArrayList<>(); // leader only
  // set while runBetweenCommits waits for the leader lock: writers then leave it to that thread
  private volatile boolean exclusiveWanted;
  private int lastBatch = 1; // leader only
  // a leader gathering for a slow commit parks; the writer whose request makes the group it waits for wakes it
  private volatile Thread gatherer;
  private volatile int gatherTarget;
  private volatile long lastCommitNanos; // written by the leader, read by waiters
  // written by the leader only, read by anyone (the timeline) without taking the leader's lock
  private volatile long batches;
  private volatile long committedWrites;
  private volatile long commitNanos;

  /** Writes a batch and commits it durably; throws to fail the whole batch. */
  @FunctionalInterface
  public interface BatchWriter {
    void write(List<WriteRequest> batch) throws Exception;
  }

  /**
   * @param writers the threads that may write at once (the client threads), which bounds how long
   *                a leader gathers
   */
  public GroupCommit(int writers, BatchWriter writer) {
    this.writers = Math.max(1, writers);
    this.writer = writer;
  }

  /** Puts {@code value} under {@code key}; returns once committed. */
  public void put(byte[] key, byte[] value) {
    submit(new WriteRequest(key, value));
  }

  /** Deletes {@code key}; returns once committed, true if the batch writer found it. */
  public boolean delete(byte[] key) {
    return submit(new WriteRequest(key, null)).existed;
  }

  /**
   * Runs {@code action} while no batch is being committed: it waits for the commit under way, and
   * writers wait meanwhile (they stop competing for the leader lock until this has it); the
   * oldest of them leads once it returned.
   */
  public void runBetweenCommits(Runnable action) {
    exclusiveWanted = true;
    leader.lock();
    try {
      exclusiveWanted = false;
      action.run();
    } finally {
      exclusiveWanted = false;
      leader.unlock();
    }
    WriteRequest next = queue.peek();
    if (next != null) {
      LockSupport.unpark(next.waiter);
    }
  }

  /** Commits so far (fewer than writes when writers shared commits). */
  public long batches() {
    return batches;
  }

  /** Puts the commits, the writes they held and their time so far under their timeline names ({@code Commits}, ...). */
  public void addFigures(Map<String, Long> counters) {
    counters.put("Commits", batches);
    counters.put("CommittedWrites", committedWrites);
    counters.put("CommitMicros", commitNanos / 1000);
  }

  private WriteRequest submit(WriteRequest r) {
    queue.add(r);
    int waiting = queued.incrementAndGet();
    Thread g = gatherer;
    if (g != null && waiting >= gatherTarget) {
      LockSupport.unpark(g);
    }
    int yields = commitsAreSlow() ? MAX_YIELDS : 0;
    while (!r.done) {
      if (!exclusiveWanted && leader.tryLock()) {
        try {
          if (!r.done) {
            commitQueued();
          }
        } finally {
          leader.unlock();
        }
        // whoever queued while we led now needs a leader: wake the oldest waiter
        WriteRequest next = queue.peek();
        if (next != null) {
          LockSupport.unpark(next.waiter);
        }
      } else if (yields < MAX_YIELDS) {
        yields++;
        Thread.yield();
      } else {
        LockSupport.parkNanos(this, PARK_NANOS);
      }
    }
    if (r.failure != null) {
      throw r.failure instanceof StoreException se ? new StoreException(se.getMessage(), se)
          : new StoreException("write failed: " + r.failure, r.failure);
    }
    return r;
  }

  private void commitQueued() {
    gather();
    WriteRequest q;
    while (batch.size() < MAX_BATCH && (q = queue.poll()) != null) {
      queued.decrementAndGet();
      batch.add(q);
    }
    Throwable failure = null;
    long start = System.nanoTime();
    try {
      writer.write(batch);
    } catch (Throwable t) {
      failure = t;
    }
    lastCommitNanos = System.nanoTime() - start;
    lastBatch = batch.size();
    commitNanos += lastCommitNanos;
    committedWrites += batch.size();
    batches++;
    Thread self = Thread.currentThread();
    for (WriteRequest b : batch) {
      b.failure = failure;
      b.done = true;
      if (b.waiter != self) {
        LockSupport.unpark(b.waiter);
      }
    }
    batch.clear();
  }

  /** Whether the last commit took long enough that waiting for the next one should park, not yield. */
  private boolean commitsAreSlow() {
    return lastCommitNanos >= YIELD_BELOW_NANOS;
  }

  private void gather() {
    int target = lastBatch > 1 ? Math.min(writers, lastBatch + 1) : 1;
    if (queued.get() >= target) {
      return;
    }
    long deadline = System.nanoTime() + Math.min(lastCommitNanos / 2, MAX_GATHER_NANOS);
    boolean slow = commitsAreSlow();
    if (slow) {
      // the target before the thread, and the queue read after both: a writer that queued since sees us
      gatherTarget = target;
      gatherer = Thread.currentThread();
    }
    try {
      long left;
      while (queued.get() < target && (left = deadline - System.nanoTime()) > 0) {
        if (slow) {
          // woken by the writer that completes the group (submit), or at the deadline
          LockSupport.parkNanos(this, left);
        } else {
          Thread.yield();
        }
      }
    } finally {
      gatherer = null;
    }
  }
}
