package io.github.ycsbtiers.tiered.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * An I/O pool thread carries its client on: a client whose operations miss (each goes to the pool
 * and waits there, as a disk read does) and whose next operation is issued as the last one
 * completes stays on one pool thread, with no hand-over to the loop and back; and a thread never
 * carries on while another task waits in the pool's queue.
 */
class IoCarryTest {
  private static final int CLIENTS = 4;
  private static final int PER_CLIENT = 200;

  /**
   * One client's chain of operations: each is submitted as a read that likely waits, goes to the
   * pool from the loop, waits there {@code waitNanos} (the device), and issues the next one
   * from the thread it completed on.
   */
  private static final class Chain extends StoreTask {
    private final StoreLoop loop;
    private final int length;
    private final long waitNanos;
    private final CountDownLatch done;
    private final Map<String, Integer> threads = new ConcurrentHashMap<>();
    private final AtomicInteger served;
    private int issued;
    /** The pool-wide sequence number when this chain's task last ran (for the overtaking test). */
    volatile int lastServedAt = -1;

    Chain(StoreLoop loop, int length, long waitNanos, CountDownLatch done, AtomicInteger served) {
      this.loop = loop;
      this.length = length;
      this.waitNanos = waitNanos;
      this.done = done;
      this.served = served;
    }

    void issue() {
      issued++;
      loop.submitLikelyBlocking(this);
    }

    @Override
    protected void serve(StoreLoop on) {
      on.offload(this); // a DRAM miss on disk: the read waits for the device
    }

    @Override
    protected void serveBlocking() {
      LockSupport.parkNanos(waitNanos);
      lastServedAt = served.incrementAndGet();
      threads.merge(Thread.currentThread().getName(), 1, Integer::sum);
      if (issued < length) {
        issue();
      } else {
        done.countDown();
      }
    }

    @Override
    protected void failed(Throwable thrown) {
      throw new AssertionError(thrown);
    }
  }

  private record Outcome(long handOvers, long carried, List<Map<String, Integer>> threadsPerClient) {
  }

  private static Outcome runChains(boolean carrying) throws InterruptedException {
    try (StoreServer server = StoreServer.start("carry", 1, CLIENTS, carrying)) {
      CountDownLatch done = new CountDownLatch(CLIENTS);
      AtomicInteger served = new AtomicInteger();
      List<Chain> chains = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        chains.add(new Chain(server.loopFor(0), PER_CLIENT, TimeUnit.MICROSECONDS.toNanos(200), done, served));
      }
      chains.forEach(Chain::issue);
      assertTrue(done.await(60, TimeUnit.SECONDS), "timed out");
      assertEquals(CLIENTS * PER_CLIENT, served.get());
      return new Outcome(server.ioHandOvers(), server.ioCarried(), chains.stream().map(ch -> ch.threads).toList());
    }
  }

  @Test
  void aClientThatMissesStaysOnItsPoolThread() throws Exception {
    Outcome on = runChains(true);
    int total = CLIENTS * PER_CLIENT;
    // each chain's first operation is handed over; later ones only when another task was queued at that moment
    assertTrue(on.handOvers() <= total / 20, "hand-overs to the pool: " + on.handOvers() + " of " + total);
    assertEquals(total, on.handOvers() + on.carried(), "every operation went to the pool once, queued or carried");
    for (Map<String, Integer> threads : on.threadsPerClient()) {
      int most = threads.values().stream().mapToInt(Integer::intValue).max().orElse(0);
      assertTrue(most >= PER_CLIENT * 9 / 10, "a client's operations spread over pool threads: " + threads);
    }

    Outcome off = runChains(false);
    assertEquals(total, off.handOvers(), "without carrying, every miss is handed over");
    assertEquals(0, off.carried());
  }

  /**
   * One pool thread carries a long chain; a task handed to the pool meanwhile runs after at most
   * the chain's operation under way, not after the chain.
   */
  @Test
  void aQueuedTaskIsNotOvertakenByACarriedChain() throws Exception {
    try (StoreServer server = StoreServer.start("fair", 1, 1, true)) {
      StoreLoop loop = server.loopFor(0);
      AtomicInteger served = new AtomicInteger();
      CountDownLatch chainDone = new CountDownLatch(1);
      Chain chain = new Chain(loop, 100, TimeUnit.MILLISECONDS.toNanos(1), chainDone, served);
      chain.issue();
      while (served.get() < 10) {
        Thread.sleep(1);
      }
      CountDownLatch otherDone = new CountDownLatch(1);
      Chain other = new Chain(loop, 1, 0, otherDone, served);
      int before = served.get();
      other.issue(); // from the test's thread: queued for the loop, which hands it to the pool
      assertTrue(otherDone.await(30, TimeUnit.SECONDS), "timed out");
      assertTrue(other.lastServedAt - before <= 3, "the queued task ran after " + (other.lastServedAt - before - 1)
          + " more operations of the carried chain");
      assertTrue(chainDone.await(30, TimeUnit.SECONDS), "timed out");
      assertTrue(server.ioCarried() > 50, "the chain was carried: " + server.ioCarried());
    }
  }
}
