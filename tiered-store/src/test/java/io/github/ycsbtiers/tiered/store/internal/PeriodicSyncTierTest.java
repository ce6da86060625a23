package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The syncer on a tier whose syncs the test controls (the real engines' syncs are in
 * TieredStoreTest and the power-loss tests): its schedule, a failed sync reported once and
 * refusing writes from then on, and the last sync at close.
 */
class PeriodicSyncTierTest {
  private static final byte[] KEY = "k".getBytes(StandardCharsets.UTF_8);

  /** A map that records when it was synced and fails or stalls its syncs on demand. */
  private static final class FakeTier implements PersistentTier {
    final Map<String, byte[]> records = new ConcurrentHashMap<>();
    final List<Long> syncStarts = new CopyOnWriteArrayList<>();
    final List<Long> syncEnds = new CopyOnWriteArrayList<>();
    volatile int failFromSync = Integer.MAX_VALUE;
    volatile int slowSync = -1;
    volatile long slowMillis;
    volatile boolean closed;

    @Override
    public byte[] get(byte[] key) {
      return records.get(new String(key, StandardCharsets.UTF_8));
    }

    @Override
    public void put(byte[] key, byte[] value) {
      records.put(new String(key, StandardCharsets.UTF_8), value);
    }

    @Override
    public boolean delete(byte[] key) {
      return records.remove(new String(key, StandardCharsets.UTF_8)) != null;
    }

    @Override
    public void scan(byte[] startKey, EntryVisitor visitor) {
    }

    @Override
    public void sync() {
      int n = syncStarts.size();
      syncStarts.add(System.nanoTime());
      if (n == slowSync) {
        sleep(slowMillis);
      }
      syncEnds.add(System.nanoTime());
      if (n >= failFromSync) {
        throw new StoreException("the device is gone");
      }
    }

    @Override
    public long mediumBytes() {
      return 0;
    }

    @Override
    public int maxKeyBytes() {
      return 100;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void syncsStartAnIntervalApartOrAtOnceAfterASlowOne() {
    FakeTier tier = new FakeTier();
    tier.slowSync = 2;
    tier.slowMillis = 700;
    PeriodicSyncTier p = PeriodicSyncTier.start(tier, 500, e -> { }, "test-sync");
    try {
      await(() -> tier.syncStarts.size() >= 5);
      List<Long> s = tier.syncStarts;
      for (int i = 1; i < 5; i++) {
        long gap = TimeUnit.NANOSECONDS.toMillis(s.get(i) - s.get(i - 1));
        assertTrue(gap >= (i == 3 ? 700 : 500), "sync " + i + " started " + gap + " ms after the one before");
      }
      // the sync after the 700 ms one was due while it ran, so it starts as soon as that one returns:
      // a syncer that waited an interval after it would start no sooner than 500 ms after its end,
      // and nothing else stands between the two but the syncer thread being scheduled
      long afterSlowEnd = TimeUnit.NANOSECONDS.toMillis(s.get(3) - tier.syncEnds.get(2));
      assertTrue(afterSlowEnd < 500, afterSlowEnd + " ms after the slow sync returned");
      assertTrue(p.figures().counters().get("PeriodicSyncs") >= 4, p.figures().toString());
      assertTrue(p.figures().counters().get("PeriodicSyncMicros") >= 700_000, p.figures().toString());
    } finally {
      p.close();
    }
    assertTrue(tier.closed);
  }

  @Test
  void aFailedSyncIsReportedOnceAndRefusesEveryWriteAfterIt() {
    FakeTier tier = new FakeTier();
    tier.failFromSync = 1;
    List<RuntimeException> reported = new CopyOnWriteArrayList<>();
    PeriodicSyncTier p = PeriodicSyncTier.start(tier, 20, reported::add, "test-sync");
    try {
      p.put(KEY, new byte[] {1});
      await(() -> !reported.isEmpty());
      assertEquals("tiered.sync=periodic: a background sync failed, so the store refuses writes from now on: the"
          + " device is gone", reported.get(0).getMessage());
      StoreException put = assertThrows(StoreException.class, () -> p.put(KEY, new byte[] {2}));
      assertEquals(reported.get(0).getMessage(), put.getMessage());
      assertThrows(StoreException.class, () -> p.delete(KEY));
      assertArrayEquals(new byte[] {1}, p.get(KEY), "reads go on");
      sleep(100);
      assertEquals(1, reported.size());
      assertEquals(2, tier.syncStarts.size(), "the syncer stopped at the failure");
    } finally {
      p.close(); // the failure was reported: no last sync, no exception
    }
    assertEquals(2, tier.syncStarts.size());
    assertTrue(tier.closed);
  }

  @Test
  void closeSyncsOnceMoreAndThrowsWhenThatFails() {
    FakeTier tier = new FakeTier();
    PeriodicSyncTier quiet = PeriodicSyncTier.start(tier, 3_600_000, e -> { }, "test-sync");
    quiet.put(KEY, new byte[] {1});
    quiet.close();
    assertEquals(1, tier.syncStarts.size(), "the last sync at close");
    FakeTier failing = new FakeTier();
    failing.failFromSync = 0;
    PeriodicSyncTier p = PeriodicSyncTier.start(failing, 3_600_000, e -> { }, "test-sync");
    StoreException e = assertThrows(StoreException.class, p::close);
    assertEquals("tiered.sync=periodic: the last sync, at close, failed: the device is gone", e.getMessage());
    assertTrue(failing.closed);
  }

  private static void await(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "not within 10 s");
      sleep(5);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
