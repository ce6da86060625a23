package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LmdbTier#get} reuses its thread's read transaction ({@link ReadTxns}), across commits and map growth. */
class LmdbReadTxnTest {
  @TempDir
  Path dir;

  @Test
  void manyGetsOnOneThreadReuseOneTransaction() throws Exception {
    try (LmdbTier tier = LmdbTier.open(dir, 1 << 20, 1, false)) {
      for (int i = 0; i < 100; i++) {
        tier.put(key(i), value(i, 10));
      }
      for (int round = 0; round < 10; round++) {
        for (int i = 0; i < 100; i++) {
          assertArrayEquals(value(i, 10), tier.get(key(i)));
        }
      }
      assertEquals(1, tier.readTxnsCreated(), "1,000 gets on one thread");

      Thread other = new Thread(() -> tier.get(key(1)));
      other.start();
      other.join();
      assertEquals(2, tier.readTxnsCreated(), "a second thread has its own");
      Thread third = new Thread(() -> tier.get(key(2)));
      third.start();
      third.join();
      assertEquals(2, tier.readTxnsCreated(), "a new thread takes over a dead thread's");
    }
  }

  @Test
  void aReusedTransactionSeesEveryCommitBeforeTheGet() {
    try (LmdbTier tier = LmdbTier.open(dir, 1 << 20, 1, false)) {
      assertNull(tier.get(key(0)));
      tier.put(key(0), value(1, 10));
      assertArrayEquals(value(1, 10), tier.get(key(0)));
      tier.put(key(0), value(2, 10));
      assertArrayEquals(value(2, 10), tier.get(key(0)));
      assertTrue(tier.delete(key(0)));
      assertNull(tier.get(key(0)));
    }
  }

  /** Readers hold reset transactions while the writer grows (remaps) the map: a reset one holds no map pages. */
  @Test
  void theMapGrowsWhileThreadsHoldResetTransactions() throws Exception {
    int readers = 3;
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    try (LmdbTier tier = LmdbTier.open(dir, 1 << 20, readers, false)) {
      tier.put(key(0), value(0, 100));
      CountDownLatch grown = new CountDownLatch(1);
      Future<?>[] done = new Future<?>[readers];
      CountDownLatch haveRead = new CountDownLatch(readers);
      for (int r = 0; r < readers; r++) {
        done[r] = pool.submit(() -> {
          assertArrayEquals(value(0, 100), tier.get(key(0)));
          haveRead.countDown();
          grown.await();
          for (int i = 0; i < 64; i++) {
            assertArrayEquals(value(i, 64 << 10), tier.get(key(i)));
          }
          return null;
        });
      }
      haveRead.await();
      for (int i = 0; i < 64; i++) { // 4 MiB into a 1 MiB map
        tier.put(key(i), value(i, 64 << 10));
      }
      assertTrue(tier.figures().counters().get("MapGrowths") > 0, tier.figures().toString());
      grown.countDown();
      for (Future<?> f : done) {
        f.get();
      }
      assertEquals(readers, tier.readTxnsCreated());
    } finally {
      pool.shutdown();
    }
  }

  private static byte[] key(int i) {
    return String.format("user%04d", i).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] value(int seed, int length) {
    byte[] v = new byte[length];
    for (int i = 0; i < length; i++) {
      v[i] = (byte) (seed * 31 + i);
    }
    return v;
  }
}
