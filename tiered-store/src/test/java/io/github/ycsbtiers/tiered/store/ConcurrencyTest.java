package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Concurrent writers against readers, with a DRAM tier so small that records are evicted and
 * promoted all the time: a read never goes back to an older value, and when everything has stopped
 * DRAM and the persistent tier hold the same value for every key.
 */
class ConcurrencyTest {
  private static final int KEYS = 64;
  private static final long DRAM_BUDGET = 16 * (6 + 8); // about 16 of the 64 records
  private static final int ROUNDS = 3000;
  private Path dir;
  private ExecutorService pool;

  @AfterEach
  void cleanUp() throws InterruptedException {
    if (pool != null) {
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
    StoreDirs.delete(dir);
  }

  private TieredStore open(Medium medium) {
    dir = StoreDirs.create(medium);
    return TieredStore.open(StoreDirs.options(medium, dir, KEYS).budget(MemoryBudget.ofBytes(DRAM_BUDGET)).build());
  }

  private static String key(int i) {
    return String.format("key%03d", i);
  }

  private static byte[] value(long n) {
    return ByteBuffer.allocate(8).putLong(n).array();
  }

  private static long number(byte[] v) {
    return ByteBuffer.wrap(v).getLong();
  }

  /** Each key has one writer counting up; readers must never see a key's number go down. */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void readsNeverGoBackInTime(Medium medium) throws Exception {
    try (TieredStore s = open(medium)) {
      for (int i = 0; i < KEYS; i++) {
        s.put(key(i), value(0));
      }
      pool = Executors.newFixedThreadPool(6);
      AtomicBoolean writing = new AtomicBoolean(true);
      long[] last = new long[KEYS];
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int first = w;
        writers.add(pool.submit(() -> {
          for (long n = 1; n <= 3000; n++) {
            for (int i = first; i < KEYS; i += 2) {
              s.put(key(i), value(n));
              last[i] = n;
            }
          }
        }));
      }
      List<Future<Long>> readers = new ArrayList<>();
      for (int r = 0; r < 4; r++) {
        readers.add(pool.submit(() -> {
          long[] seen = new long[KEYS];
          long reads = 0;
          while (writing.get()) {
            int i = ThreadLocalRandom.current().nextInt(KEYS);
            long n = number(s.get(key(i)));
            if (n < seen[i]) {
              throw new AssertionError(key(i) + " went back from " + seen[i] + " to " + n);
            }
            seen[i] = n;
            reads++;
          }
          return reads;
        }));
      }
      for (Future<?> w : writers) {
        w.get(60, TimeUnit.SECONDS);
      }
      writing.set(false);
      long reads = 0;
      for (Future<Long> r : readers) {
        reads += r.get(60, TimeUnit.SECONDS);
      }
      assertTrue(reads > 0);
      assertTrue(s.stats().dramMisses() > 0, "the budget should force promotions");
      Map<String, byte[]> persistent = persistentValues(s);
      for (int i = 0; i < KEYS; i++) {
        assertEquals(last[i], number(s.get(key(i))), key(i));
        assertEquals(last[i], number(persistent.get(key(i))), key(i));
      }
      assertEquals(0, s.stats().failures());
    }
  }

  /**
   * Rounds of four writers putting the same key at the same moment: after each round DRAM and the
   * persistent tier hold the same value (without the key's lock, a slower writer's DRAM update can
   * land after a faster one's and leave DRAM behind the persistent tier).
   */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void writersOfOneKeyLeaveTheTiersEqual(Medium medium) throws Exception {
    int writers = 4;
    try (TieredStore s = open(medium)) {
      pool = Executors.newFixedThreadPool(writers);
      AtomicLong numbers = new AtomicLong();
      CyclicBarrier start = new CyclicBarrier(writers + 1);
      CyclicBarrier end = new CyclicBarrier(writers + 1);
      List<Future<?>> tasks = new ArrayList<>();
      for (int t = 0; t < writers; t++) {
        tasks.add(pool.submit(() -> {
          for (int round = 0; round < ROUNDS; round++) {
            start.await(10, TimeUnit.SECONDS);
            s.put("hot", value(numbers.incrementAndGet()));
            end.await(10, TimeUnit.SECONDS);
          }
          return null;
        }));
      }
      int differences = 0;
      for (int round = 0; round < ROUNDS; round++) {
        start.await(10, TimeUnit.SECONDS);
        end.await(10, TimeUnit.SECONDS);
        if (number(s.get("hot")) != number(persistentValues(s).get("hot"))) {
          differences++;
        }
      }
      for (Future<?> t : tasks) {
        t.get(10, TimeUnit.SECONDS);
      }
      assertEquals(0, differences, "rounds after which DRAM and the persistent tier differed");
      assertEquals(0, s.stats().failures());
    }
  }

  /** Scans read the persistent tier only. */
  private static Map<String, byte[]> persistentValues(TieredStore s) {
    Map<String, byte[]> values = new HashMap<>();
    s.scan("", Integer.MAX_VALUE, values::put);
    return values;
  }
}
