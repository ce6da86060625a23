package io.github.ycsbtiers.tiered.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A store loop's timers: on its thread, in due order, never early; they and its queued tasks share the loop fairly. */
class LoopTimersTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private record Ran(String name, String thread, long due, long lateNanos) {
  }

  /** A task that runs {@code body} on the loop. */
  private static StoreTask task(Runnable body) {
    return new StoreTask() {
      @Override
      protected void serve(StoreLoop loop) {
        body.run();
      }

      @Override
      protected void serveBlocking() {
        throw new AssertionError("not offloaded");
      }

      @Override
      protected void failed(Throwable thrown) {
        throw new AssertionError(thrown);
      }
    };
  }

  private static void await(CountDownLatch latch, long seconds) throws InterruptedException {
    assertTrue(latch.await(seconds, TimeUnit.SECONDS), "timed out after " + seconds + " s");
  }

  /** Waits until the loop's thread parks: with no timer (WAITING) or until one (TIMED_WAITING). */
  private static void awaitParked(StoreLoop loop, Thread.State state) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (loop.thread().getState() != state) {
      assertTrue(System.nanoTime() < until, "the loop did not park: " + loop.thread().getState());
      Thread.sleep(1);
    }
  }

  /** Schedules a timer that records when it ran relative to its due time (from the scheduling call). */
  private static void timer(ScheduledExecutorService s, String name, long delayMs, List<Ran> ran, CountDownLatch done) {
    long due = System.nanoTime() + delayMs * MS;
    s.schedule(() -> {
      ran.add(new Ran(name, Thread.currentThread().getName(), due, System.nanoTime() - due));
      done.countDown();
    }, delayMs, TimeUnit.MILLISECONDS);
  }

  @Test
  void timersRunOnTheLoopsThreadInDueOrderAndNeverEarly() throws Exception {
    try (StoreServer server = StoreServer.start("timers", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      ScheduledExecutorService s = loop.scheduler();
      List<Ran> ran = Collections.synchronizedList(new ArrayList<>());
      CountDownLatch done = new CountDownLatch(8);
      // from another thread (through the loop's queue) ...
      timer(s, "60", 60, ran, done);
      timer(s, "20a", 20, ran, done);
      timer(s, "40", 40, ran, done);
      timer(s, "20b", 20, ran, done);
      timer(s, "0", 0, ran, done);
      // ... and from the loop's own thread (straight onto its heap)
      CountDownLatch set = new CountDownLatch(1);
      loop.submit(task(() -> {
        timer(s, "50", 50, ran, done);
        timer(s, "10", 10, ran, done);
        timer(s, "30", 30, ran, done);
        set.countDown();
      }));
      await(set, 10);
      await(done, 10);
      // in due order: due times count from each scheduling call, some made later on the loop
      for (int i = 1; i < ran.size(); i++) {
        assertTrue(ran.get(i).due() - ran.get(i - 1).due() >= 0, "out of due order: " + ran);
      }
      assertEquals(List.of("20a", "20b"), ran.stream().map(Ran::name).filter(n -> n.startsWith("20")).toList());
      for (Ran r : ran) {
        assertEquals("timers-loop-0", r.thread(), r.toString());
        assertTrue(r.lateNanos() >= 0, "ran " + -r.lateNanos() + " ns before its due time: " + r);
      }
      assertEquals(8, server.timersRun());
    }
  }

  @Test
  void aTimerSetFromAnotherThreadWakesAParkedLoop() throws Exception {
    try (StoreServer server = StoreServer.start("wake", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      ScheduledExecutorService s = loop.scheduler();
      awaitParked(loop, Thread.State.WAITING); // no timer: parked until woken
      long start = System.nanoTime();
      assertEquals("now", s.schedule(() -> "now", 0, TimeUnit.NANOSECONDS).get(5, TimeUnit.SECONDS));
      // parked until a timer an hour away, the loop takes a nearer one at once
      ScheduledFuture<?> far = s.schedule(() -> { }, 1, TimeUnit.HOURS);
      awaitParked(loop, Thread.State.TIMED_WAITING);
      List<Ran> ran = Collections.synchronizedList(new ArrayList<>());
      CountDownLatch near = new CountDownLatch(1);
      timer(s, "near", 5, ran, near);
      await(near, 5);
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
      assertTrue(ran.get(0).lateNanos() >= 0, ran.toString());
      assertFalse(far.isDone());
      assertTrue(far.getDelay(TimeUnit.MINUTES) >= 58, "delay " + far.getDelay(TimeUnit.SECONDS) + " s");
    }
  }

  @Test
  void aCancelledTimerDoesNotRun() throws Exception {
    try (StoreServer server = StoreServer.start("cancel", 1, 1, true)) {
      ScheduledExecutorService s = server.loopFor(0).scheduler();
      AtomicBoolean cancelledRan = new AtomicBoolean();
      ScheduledFuture<?> cancelled = s.schedule(() -> cancelledRan.set(true), 30, TimeUnit.MILLISECONDS);
      ScheduledFuture<String> kept = s.schedule(() -> "kept", 60, TimeUnit.MILLISECONDS);
      assertTrue(cancelled.getDelay(TimeUnit.MILLISECONDS) > 0 && cancelled.compareTo(kept) < 0);
      assertTrue(cancelled.cancel(false));
      assertTrue(cancelled.isCancelled() && cancelled.isDone());
      assertFalse(cancelled.cancel(false), "cancelled twice");
      assertThrows(CancellationException.class, cancelled::get);
      assertEquals("kept", kept.get(5, TimeUnit.SECONDS)); // after the cancelled one's due time
      assertFalse(cancelledRan.get(), "a cancelled timer ran");
      assertFalse(kept.cancel(false), "cancelled after it ran");
      assertFalse(kept.isCancelled());
      assertEquals(1, server.timersRun());
    }
  }

  @Test
  void whatATimerThrowsIsItsFuturesAndTheLoopGoesOn() throws Exception {
    try (StoreServer server = StoreServer.start("throws", 1, 1, true)) {
      ScheduledExecutorService s = server.loopFor(0).scheduler();
      ScheduledFuture<Object> failing = s.schedule(() -> {
        throw new IllegalStateException("boom");
      }, 0, TimeUnit.MILLISECONDS);
      ExecutionException e = assertThrows(ExecutionException.class, () -> failing.get(5, TimeUnit.SECONDS));
      assertInstanceOf(IllegalStateException.class, e.getCause());
      assertEquals(42, s.submit(() -> 42).get(5, TimeUnit.SECONDS)); // execute() too
      assertThrows(UnsupportedOperationException.class, () -> s.scheduleAtFixedRate(() -> { }, 1, 1, TimeUnit.SECONDS));
      assertThrows(UnsupportedOperationException.class,
          () -> s.scheduleWithFixedDelay(() -> { }, 1, 1, TimeUnit.SECONDS));
      assertThrows(UnsupportedOperationException.class, s::shutdown);
      assertFalse(s.isShutdown());
    }
  }

  /**
   * A task that resubmits itself from the loop (a closed-loop client) never leaves the queue empty;
   * a timer still runs, soon after its due time.
   */
  @Test
  void queuedTasksDoNotStarveTimers() throws Exception {
    try (StoreServer server = StoreServer.start("busy", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong served = new AtomicLong();
      CountDownLatch ended = new CountDownLatch(1);
      StoreTask[] chain = new StoreTask[1];
      chain[0] = task(() -> {
        served.incrementAndGet();
        if (stop.get()) {
          ended.countDown();
        } else {
          loop.submit(chain[0]);
        }
      });
      loop.submit(chain[0]);
      // the queue is busy before the timers are set (counted, not timed: a loaded machine is slow)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (served.get() < 1000 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      long before = served.get();
      List<Ran> ran = Collections.synchronizedList(new ArrayList<>());
      CountDownLatch fired = new CountDownLatch(2);
      timer(loop.scheduler(), "busy", 20, ran, fired);
      loop.submit(task(() -> timer(loop.scheduler(), "busy-own", 20, ran, fired)));
      await(fired, 10);
      long whileWaiting = served.get() - before;
      stop.set(true);
      await(ended, 10);
      assertTrue(before >= 1000, "the chain ran " + before + " times before the timers were set");
      assertTrue(whileWaiting > 0, "the chain kept the queue busy while the timers waited");
      for (Ran r : ran) {
        assertTrue(r.lateNanos() >= 0 && r.lateNanos() < TimeUnit.SECONDS.toNanos(1), r.toString());
      }
    }
  }

  /** A timer that sets itself again at once (due each turn) does not keep the loop from its queue. */
  @Test
  void timersDoNotStarveQueuedTasks() throws Exception {
    try (StoreServer server = StoreServer.start("storm", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      ScheduledExecutorService s = loop.scheduler();
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger fired = new AtomicInteger();
      CountDownLatch ended = new CountDownLatch(1);
      Runnable[] storm = new Runnable[1];
      storm[0] = () -> {
        fired.incrementAndGet();
        if (stop.get()) {
          ended.countDown();
        } else {
          s.schedule(storm[0], 0, TimeUnit.NANOSECONDS);
          s.schedule(() -> fired.incrementAndGet(), 0, TimeUnit.NANOSECONDS);
        }
      };
      s.execute(storm[0]);
      while (fired.get() < 1000) {
        Thread.sleep(1);
      }
      CountDownLatch served = new CountDownLatch(100);
      for (int i = 0; i < 100; i++) {
        loop.submit(task(served::countDown));
      }
      await(served, 10);
      stop.set(true);
      await(ended, 10);
    }
  }

  @Test
  void closeDropsPendingTimersAtOnceAndLaterOnesAreRejected() throws Exception {
    StoreServer server = StoreServer.start("close", 2, 1, true);
    StoreLoop loop = server.loopFor(0);
    ScheduledExecutorService s = loop.scheduler();
    List<ScheduledFuture<?>> pending = new ArrayList<>();
    AtomicBoolean ran = new AtomicBoolean();
    pending.add(s.schedule(() -> ran.set(true), 1, TimeUnit.HOURS));
    pending.add(server.loopFor(1).scheduler().schedule(() -> ran.set(true), 10, TimeUnit.SECONDS));
    CountDownLatch set = new CountDownLatch(1);
    loop.submit(task(() -> {
      pending.add(s.schedule(() -> ran.set(true), 1, TimeUnit.HOURS));
      set.countDown();
    }));
    await(set, 10);
    awaitParked(loop, Thread.State.TIMED_WAITING);
    long start = System.nanoTime();
    server.close();
    long took = System.nanoTime() - start;
    assertTrue(took < TimeUnit.SECONDS.toNanos(1), "close took " + took / MS + " ms");
    for (ScheduledFuture<?> f : pending) {
      assertTrue(f.isCancelled(), "a timer pending at close was not dropped");
    }
    assertFalse(ran.get());
    assertTrue(s.isShutdown() && s.isTerminated());
    assertTrue(s.awaitTermination(0, TimeUnit.SECONDS));
    assertThrows(RejectedExecutionException.class, () -> s.schedule(() -> { }, 0, TimeUnit.SECONDS));
    assertThrows(RejectedExecutionException.class, () -> s.execute(() -> { }));
  }

  /** Set from many threads while the loop stops: each timer either runs, or is rejected or dropped (cancelled); none hangs. */
  @Test
  void timersSetWhileTheLoopStopsAreNeverLeftPending() throws Exception {
    for (int round = 0; round < 20; round++) {
      StoreServer server = StoreServer.start("race", 1, 1, true);
      ScheduledExecutorService s = server.loopFor(0).scheduler();
      List<ScheduledFuture<?>> accepted = Collections.synchronizedList(new ArrayList<>());
      List<Thread> setters = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Thread setter = new Thread(() -> {
          try {
            while (true) {
              accepted.add(s.schedule(() -> { }, 0, TimeUnit.NANOSECONDS));
            }
          } catch (RejectedExecutionException expected) {
            // the loop stopped
          }
        });
        setters.add(setter);
        setter.start();
      }
      Thread.sleep(5);
      server.close();
      for (Thread t : setters) {
        t.join(10_000);
        assertFalse(t.isAlive(), "a setter was never rejected");
      }
      synchronized (accepted) {
        for (ScheduledFuture<?> f : accepted) {
          assertTrue(f.isDone(), "an accepted timer was left pending at stop");
        }
      }
    }
  }
}
