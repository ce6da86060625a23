package io.github.ycsbtiers.tiered.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A store loop runs what several clients submit in the order it arrived, and the pool what it is handed. */
class StoreLoopTest {
  private static final int CLIENTS = 8;
  private static final int PER_CLIENT = 500;
  private static final int TURNS = 50;

  /** A task that runs {@code body} on the loop, or hands itself to the pool and runs it there. */
  private static StoreTask task(Runnable body, boolean offload) {
    return new StoreTask() {
      @Override
      protected void serve(StoreLoop loop) {
        if (offload) {
          loop.offload(this);
        } else {
          body.run();
        }
      }

      @Override
      protected void serveBlocking() {
        body.run();
      }

      @Override
      protected void failed(Throwable thrown) {
        throw new AssertionError(thrown);
      }
    };
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(30, TimeUnit.SECONDS), "timed out");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Clients on their own threads take turns to submit (a ticket says whose turn it is, so the
   * order of arrival is known) while the loop is held; released, it runs them in that order.
   */
  @Test
  void tasksOfSeveralClientsRunInTheOrderTheyArrived() throws Exception {
    try (StoreServer server = StoreServer.start("order", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      CountDownLatch hold = new CountDownLatch(1);
      loop.submit(task(() -> await(hold), false));
      List<Integer> ran = new ArrayList<>(); // the loop's thread only
      AtomicInteger ticket = new AtomicInteger();
      CountDownLatch done = new CountDownLatch(CLIENTS * TURNS);
      List<Thread> threads = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        Thread t = new Thread(() -> {
          for (int i = 0; i < TURNS; i++) {
            int turn = i * CLIENTS + client;
            while (ticket.get() != turn) {
              Thread.yield(); // 8 threads on few cores: let the one whose turn it is run
            }
            loop.submit(task(() -> {
              ran.add(turn);
              done.countDown();
            }, false));
            ticket.incrementAndGet();
          }
        });
        threads.add(t);
        t.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      hold.countDown();
      await(done);
      List<Integer> arrived = new ArrayList<>();
      for (int i = 0; i < CLIENTS * TURNS; i++) {
        arrived.add(i);
      }
      assertEquals(arrived, ran);
    }
  }

  /**
   * Submitted at once from many threads, with the loop running and parking in between: nothing is
   * lost and each client's tasks run in its order.
   */
  @Test
  void concurrentSubmittersLoseNothingAndKeepTheirOwnOrder() throws Exception {
    try (StoreServer server = StoreServer.start("concurrent", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      int[] last = new int[CLIENTS]; // the loop's thread only
      java.util.Arrays.fill(last, -1);
      AtomicInteger outOfOrder = new AtomicInteger();
      CountDownLatch done = new CountDownLatch(CLIENTS * PER_CLIENT);
      List<Thread> threads = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        Thread t = new Thread(() -> {
          for (int i = 0; i < PER_CLIENT; i++) {
            int n = i;
            loop.submit(task(() -> {
              if (last[client] != n - 1) {
                outOfOrder.incrementAndGet();
              }
              last[client] = n;
              done.countDown();
            }, false));
            if (n % 64 == 0) {
              Thread.yield(); // let the loop drain and park now and then
            }
          }
        });
        threads.add(t);
        t.start();
      }
      await(done);
      assertEquals(0, outOfOrder.get());
    }
  }

  /** What a task hands on runs on the pool, timed: its wait covers the pool's queue, its service the rest. */
  @Test
  void offloadedTasksRunOnThePoolAndCountItsQueueAsWaiting() throws Exception {
    try (StoreServer server = StoreServer.start("pool", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      CountDownLatch first = new CountDownLatch(1);
      CountDownLatch both = new CountDownLatch(2);
      List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
      StoreTask slow = task(() -> {
        threads.add(Thread.currentThread().getName());
        first.countDown();
        sleep(50);
        both.countDown();
      }, true);
      long[] waited = new long[1];
      StoreTask[] behind = new StoreTask[1];
      behind[0] = task(() -> {
        waited[0] = behind[0].waitNanos();
        threads.add(Thread.currentThread().getName());
        both.countDown();
      }, true);
      loop.submit(slow);
      await(first);
      loop.submit(behind[0]);
      await(both);
      assertEquals(List.of("pool-io-0", "pool-io-0"), threads, "one pool thread, the size asked for");
      assertTrue(waited[0] >= TimeUnit.MILLISECONDS.toNanos(30), "waited " + waited[0] + " ns behind a 50 ms task");
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
