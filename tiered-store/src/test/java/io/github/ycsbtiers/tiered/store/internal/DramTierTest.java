package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The DRAM tier's bound, clock, admission and write rule, on small budgets where each step is visible. */
class DramTierTest {
  /** Every record below weighs 10 bytes: a 1-byte key and a 9-byte value. */
  private static final int W = 10;

  @TempDir
  Path dir;

  private static byte[] value(int size) {
    return new byte[size];
  }

  private static DramTier tierOf(int records) {
    return new DramTier((long) records * W, records);
  }

  @Test
  void theByteBoundHoldsAfterEveryChange() {
    DramTier t = new DramTier(1_000, 0);
    Random r = new Random(7);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      keys.add("key" + i);
    }
    for (int op = 0; op < 20_000; op++) {
      String k = keys.get(r.nextInt(keys.size()));
      switch (r.nextInt(4)) {
        case 0 -> t.promote(k, value(r.nextInt(120)));
        case 1 -> t.write(k, value(r.nextInt(120)));
        case 2 -> t.lookup(k);
        default -> {
          if (r.nextInt(10) == 0) {
            t.invalidate(k);
          }
        }
      }
      assertTrue(t.bytes() <= t.budget(), "bytes " + t.bytes() + " after op " + op);
      if (op % 1000 == 0) {
        assertEquals(heldBytes(t, keys), t.bytes());
      }
    }
    assertEquals(heldBytes(t, keys), t.bytes());
    assertTrue(t.bytes() > t.budget() / 2, "the tier fills: " + t.bytes());
  }

  @Test
  void aReferencedEntrySurvivesOneSweepAndAnUnreferencedOneGoesFirst() {
    DramTier t = tierOf(3);
    t.preload("a", value(9), 0); // warm-up records: no reads counted yet
    t.preload("b", value(9), 0);
    t.preload("c", value(9), 0);
    assertNotNull(t.lookup("a")); // a: referenced, so the hand passes it and stops at b
    t.promote("d", value(9)); // one miss beats b's no reads (against a's one it would not)
    assertNotNull(t.peek("a"));
    assertNull(t.peek("b"));
    assertNotNull(t.peek("c"));
    assertNotNull(t.peek("d"));
    assertEquals(3 * W, t.bytes());
  }

  @Test
  void aKeyReadOnceDoesNotDisplaceKeysReadMoreOftenUntilItIsReadAsOften() {
    DramTier t = tierOf(3);
    for (String k : List.of("a", "b", "c")) {
      t.promote(k, value(9));
      t.lookup(k);
      t.lookup(k);
    }
    t.promote("d", value(9)); // one miss against a victim's three reads
    assertNull(t.peek("d"));
    assertNotNull(t.peek("a"));
    for (int i = 0; i < 3 && t.peek("d") == null; i++) {
      t.promote("d", value(9));
    }
    assertNotNull(t.peek("d"), "four misses beat three reads");
    assertEquals(3 * W, t.bytes());
  }

  @Test
  void aWarmedUpRecordGivesWayToAKeyReadOnceAndAWrittenOneDoesNot() {
    DramTier t = tierOf(2);
    t.preload("a", value(9), 0);
    t.write("b", value(9));
    t.promote("c", value(9)); // the hand stops at a: no reads counted, so c's one miss wins
    assertNull(t.peek("a"));
    t.promote("d", value(9)); // the hand stops at b: its write counts as a read, so d's one miss loses
    assertNotNull(t.peek("b"));
    assertNull(t.peek("d"));
  }

  @Test
  void aWriteAddsANewKeyOnlyWhileTheTierHasNeverBeenFull() {
    DramTier t = tierOf(3);
    t.write("a", value(9));
    t.write("b", value(9));
    t.write("c", value(9));
    assertEquals(3 * W, t.bytes());
    t.write("d", value(9)); // does not fit: the tier is full from now on, and d is not added
    assertNull(t.peek("d"));
    t.invalidate("a");
    t.write("e", value(9)); // fits, but the tier has been full
    assertNull(t.peek("e"));
    byte[] updated = value(5);
    t.write("b", updated); // a cached key is updated
    assertArrayEquals(updated, t.peek("b"));
    assertEquals(W + (1 + 5), t.bytes());
  }

  @Test
  void savedKeysAreHottestFirstWithTheirReadCountsHalved() throws Exception {
    DramTier t = new DramTier(1_000, 0);
    for (int i = 0; i < 5; i++) {
      t.promote("k" + i, value(9)); // one miss each: a count of 1
    }
    for (int i = 0; i < 3; i++) {
      t.lookup("k1");
    }
    t.lookup("k3");
    assertEquals(5, t.saveKeys(dir));
    List<String> saved = new ArrayList<>();
    List<Integer> reads = new ArrayList<>();
    DramKeys.load(dir, (k, n) -> {
      saved.add(k);
      reads.add(n);
    });
    // most reads first; then, alike, the one the hand reaches last first
    assertEquals(List.of("k1", "k3", "k4", "k2", "k0"), saved);
    // 4, 2, 1, 1, 1 halved: a restart ages the counts once
    assertEquals(List.of(2, 1, 0, 0, 0), reads);
  }

  /**
   * The next process ranks saved keys as the last one did: a key read once displaces a saved key
   * that no read counted (c), not one saved with reads (h). Without the counts (both saved as none)
   * the second newcomer displaced h too.
   */
  @Test
  void savedCountsRankTheKeysOfTheNextProcess() throws Exception {
    DramTier first = tierOf(2);
    first.promote("h", value(9));
    first.promote("c", value(9));
    for (int i = 0; i < 6; i++) {
      first.lookup("h");
    }
    first.saveKeys(dir);
    List<String> keys = new ArrayList<>();
    List<Integer> reads = new ArrayList<>();
    DramKeys.load(dir, (k, n) -> {
      keys.add(k);
      reads.add(n);
    });
    DramTier next = tierOf(2);
    for (int i = keys.size() - 1; i >= 0; i--) { // as the warm-up enters them: coldest first
      next.preload(keys.get(i), value(9), reads.get(i));
    }
    next.promote("x", value(9)); // the hand stops at the first entered, c (saved with no reads)
    assertNull(next.peek("c"));
    assertNotNull(next.peek("x"));
    next.promote("y", value(9)); // then at h: its 3 saved reads beat one miss
    assertNotNull(next.peek("h"));
    assertNull(next.peek("y"));
  }

  /** A list written by the first format (keys only) is still read; its keys count no reads. */
  @Test
  void aListOfTheFirstFormatIsReadWithoutCounts() throws Exception {
    try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(dir.resolve(DramKeys.FILE)))) {
      out.write("ycsb-tiered dram keys 1\n".getBytes(StandardCharsets.US_ASCII));
      for (String k : List.of("a", "bc")) {
        out.writeInt(k.length());
        out.writeBytes(k);
      }
      out.writeInt(-1);
    }
    List<String> read = new ArrayList<>();
    assertEquals(2, DramKeys.load(dir, (k, n) -> read.add(k + "=" + n)));
    assertEquals(List.of("a=0", "bc=0"), read);
  }

  @Test
  void concurrentReadersAndWritersKeepTheByteCountExact() throws Exception {
    DramTier t = new DramTier(20_000, 0);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      keys.add("key" + i);
    }
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int n = 0; n < threads; n++) {
      long seed = n;
      done.add(pool.submit(() -> {
        Random r = new Random(seed);
        start.await();
        for (int op = 0; op < 200_000; op++) {
          String k = keys.get((int) Math.abs(r.nextGaussian() * 300) % keys.size());
          int kind = r.nextInt(10);
          if (kind < 6) {
            t.lookup(k);
          } else if (kind < 8) {
            t.promote(k, value(r.nextInt(100)));
          } else if (kind < 9) {
            t.write(k, value(r.nextInt(100)));
          } else {
            t.invalidate(k);
          }
        }
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : done) {
      f.get();
    }
    pool.shutdown();
    assertEquals(heldBytes(t, keys), t.bytes());
    assertTrue(t.bytes() <= t.budget());
    assertEquals(keys.stream().filter(k -> t.peek(k) != null).count(), t.records());
  }

  private static long heldBytes(DramTier t, List<String> keys) {
    long sum = 0;
    for (String k : keys) {
      byte[] v = t.peek(k);
      if (v != null) {
        sum += DramTier.weigh(k, v);
      }
    }
    return sum;
  }
}
