package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The store on both media: round trips, delete, update, scan order, statistics, warm-up, reopen. */
class TieredStoreTest {
  private Path dir;

  @AfterEach
  void deleteDir() {
    StoreDirs.delete(dir);
  }

  private TieredStore open(Medium medium, MemoryBudget budget, boolean warmup) {
    return open(medium, budget, warmup, SyncMode.NONE);
  }

  private TieredStore open(Medium medium, MemoryBudget budget, boolean warmup, SyncMode sync) {
    if (dir == null) {
      dir = StoreDirs.create(medium);
    }
    return TieredStore.open(StoreDirs.options(medium, dir, 1000).budget(budget).warmup(warmup ? WarmupMode.SAVED : WarmupMode.NONE).sync(sync)
        .threads(4).build());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void roundTrip(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      assertNull(s.get("missing"));
      s.put("user1", bytes("one"));
      s.put("user2", new byte[0]);
      assertArrayEquals(bytes("one"), s.get("user1"));
      assertArrayEquals(new byte[0], s.get("user2"));
      s.put("user1", bytes("uno"));
      assertArrayEquals(bytes("uno"), s.get("user1"));
      s.put("ключ", bytes("utf-8 key"));
      assertArrayEquals(bytes("utf-8 key"), s.get("ключ"));
    }
  }

  /** sync=always writes go through the group commit (LMDB transactions, RocksDB write batches). */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void syncedWritesRoundTrip(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(0), true, SyncMode.ALWAYS)) {
      s.put("a", bytes("1"));
      s.put("b", bytes("2"));
      s.put("a", bytes("3"));
      assertTrue(s.update("b", v -> bytes("4")));
      assertTrue(s.delete("b"));
      assertFalse(s.delete("b"));
    }
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(0), true, SyncMode.ALWAYS)) {
      assertArrayEquals(bytes("3"), s.get("a"));
      assertNull(s.get("b"));
      assertEquals(2, s.stats().persistentReads());
    }
  }

  /** Writes add new keys to DRAM until it first fills; after that they only refresh cached keys. */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void writesDoNotEvictOnceDramIsFull(Medium medium) {
    byte[] value = new byte[96]; // with a 4-byte key: 100 bytes a record
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1000), true)) {
      for (int i = 0; i < 10; i++) {
        s.put("k" + (100 + i), value);
      }
      assertEquals(10, s.stats().dramRecords());
      s.put("k110", value); // the first write past the budget evicts: the tier is now full
      long cached = s.stats().dramRecords();
      assertTrue(cached <= 10, "records in DRAM: " + cached);
      for (int i = 11; i < 30; i++) {
        s.put("k" + (100 + i), value);
      }
      assertEquals(cached, s.stats().dramRecords(), "new keys written into a full DRAM tier");
      long missesBefore = s.stats().dramMisses();
      s.get("k129");
      assertEquals(missesBefore + 1, s.stats().dramMisses(), "a written key entered a full DRAM tier");

      String cachedKey = null;
      for (int i = 0; i < 11 && cachedKey == null; i++) {
        long hits = s.stats().dramHits();
        s.get("k" + (100 + i));
        cachedKey = s.stats().dramHits() > hits ? "k" + (100 + i) : null;
      }
      assertNotNull(cachedKey);
      byte[] newer = new byte[96];
      newer[0] = 1;
      s.put(cachedKey, newer); // cached: the write refreshes DRAM
      long hits = s.stats().dramHits();
      assertArrayEquals(newer, s.get(cachedKey));
      assertEquals(hits + 1, s.stats().dramHits());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void deleteRemovesFromBothTiers(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      s.put("a", bytes("1"));
      assertArrayEquals(bytes("1"), s.get("a")); // now in DRAM too
      assertTrue(s.delete("a"));
      assertFalse(s.delete("a"));
      assertNull(s.get("a"));
    }
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      assertNull(s.get("a"));
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void updateChangesExistingRecordsOnly(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(0), true)) {
      assertFalse(s.update("k", v -> bytes("never")));
      assertNull(s.get("k"));
      s.put("k", bytes("ab"));
      assertTrue(s.update("k", v -> bytes(new String(v, StandardCharsets.UTF_8) + "c")));
      assertArrayEquals(bytes("abc"), s.get("k"));
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void scanIsInKeyOrder(Medium medium) {
    TreeMap<String, byte[]> expected = new TreeMap<>();
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      keys.add("user" + (i * 7919L % 100_003));
    }
    Collections.shuffle(keys, new Random(1));
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(4096), true)) {
      for (String k : keys) {
        s.put(k, bytes("v" + k));
        expected.put(k, bytes("v" + k));
      }
      String start = expected.keySet().stream().skip(100).findFirst().orElseThrow();
      assertEquals(List.copyOf(expected.tailMap(start).keySet()).subList(0, 50), scanKeys(s, start, 50));
      assertEquals(List.copyOf(expected.keySet()).subList(0, 3), scanKeys(s, "", 3));
      String last = expected.lastKey();
      assertEquals(List.of(last), scanKeys(s, last, 10));
      assertEquals(List.of(), scanKeys(s, last + "0", 10));
      String between = start + "5"; // not a stored key: the scan starts at the next one
      assertEquals(List.copyOf(expected.tailMap(between).keySet()).subList(0, 5), scanKeys(s, between, 5));
      List<byte[]> values = new ArrayList<>();
      s.scan(start, 2, (k, v) -> values.add(v));
      assertArrayEquals(expected.get(start), values.get(0));
      assertEquals(0, s.scan(start, 0, (k, v) -> { }));
    }
  }

  private static List<String> scanKeys(TieredStore s, String start, int count) {
    List<String> out = new ArrayList<>();
    int n = s.scan(start, count, (k, v) -> out.add(k));
    assertEquals(out.size(), n);
    return out;
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void statisticsCountEveryTierAccess(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      s.put("a", bytes("1"));        // write, and into DRAM
      s.get("a");                    // hit
      s.get("b");                    // miss, persistent read, nothing to promote
      s.delete("a");                 // write; gone from DRAM
      s.get("a");                    // miss, persistent read
      s.put("c", bytes("3"));
      s.update("c", v -> bytes("4")); // hit, write
      s.scan("", 10, (k, v) -> { });
      TierStats t = s.stats();
      assertEquals(2, t.dramHits());
      assertEquals(2, t.dramMisses());
      assertEquals(0.5, t.dramHitRatio(), 0);
      assertEquals(2, t.persistentReads());
      assertEquals(4, t.persistentWrites());
      assertEquals(1, t.persistentScans());
      assertEquals(1, t.dramRecords());
      assertEquals(2, t.dramBytes()); // key "c" and value "4"
      assertTrue(t.mediumBytes() > 0);
      assertEquals(medium, t.medium());
      assertEquals(dir, t.path());
      assertEquals(0, t.failures());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void readsPromoteIntoDram(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      s.put("a", bytes("1"));
    }
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), false)) {
      assertEquals(0, s.stats().dramRecords());
      assertArrayEquals(bytes("1"), s.get("a"));
      assertArrayEquals(bytes("1"), s.get("a"));
      TierStats t = s.stats();
      assertEquals(1, t.dramMisses());
      assertEquals(1, t.dramHits());
      assertEquals(1, t.persistentReads());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void warmUpFillsDramUpToTheBudget(Medium medium) {
    byte[] value = new byte[96];
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(0), true)) {
      for (int i = 0; i < 1000; i++) {
        s.put(String.format("key%04d", i), value); // 7 + 96 = 103 bytes each
      }
    }
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(103 * 250 + 50), true)) {
      TierStats t = s.stats();
      assertEquals(250, t.warmupRecords());
      assertEquals(103 * 250, t.dramBytes());
      assertEquals(0, t.dramHits() + t.dramMisses());
      s.get("key0000");
      s.get("key0999");
      assertEquals(1, s.stats().dramHits()); // the first keys in key order were loaded
    }
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), false)) {
      assertEquals(0, s.stats().warmupRecords());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void badKeysAreRefusedButAreNoFailureOfTheStore(Medium medium) {
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true)) {
      InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> s.put("", bytes("x")));
      assertTrue(e.getMessage().startsWith("key of 0 bytes: " + medium.label() + " keys are 1 to "), e.getMessage());
      if (medium == Medium.PMEM) {
        assertThrows(InvalidKeyException.class, () -> s.put("k".repeat(512), bytes("x")));
      }
      s.put("k", bytes("not a record"));
      assertThrows(IllegalArgumentException.class, () -> s.update("k", v -> {
        throw new IllegalArgumentException("not a record of the layout");
      }));
      // [TIER] Failures counts failures of the persistent tier, not a caller's bad request
      TierStats t = s.stats();
      assertEquals(0, t.failures());
      assertEquals(null, t.firstFailure());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void closedStoreRefusesOperations(Medium medium) {
    TieredStore s = open(medium, MemoryBudget.ofBytes(1 << 20), true);
    s.put("a", bytes("1"));
    s.close();
    s.close();
    assertThrows(StoreException.class, () -> s.get("a"));
    assertThrows(StoreException.class, () -> s.put("a", bytes("1")));
    assertThrows(StoreException.class, () -> s.scan("", 1, (k, v) -> { }));
  }

  /** sync=periodic: a background thread syncs (its figures count the syncs); close syncs once more and stops it. */
  @ParameterizedTest
  @EnumSource(Medium.class)
  void periodicSyncRunsInTheBackgroundUntilClose(Medium medium) throws InterruptedException {
    dir = StoreDirs.create(medium);
    StoreOptions options = StoreDirs.options(medium, dir, 1000).sync(SyncMode.PERIODIC).syncIntervalMillis(20)
        .threads(4).build();
    String syncer = "tiered-sync " + options.path();
    long deadline = System.nanoTime() + 10_000_000_000L;
    try (TieredStore s = TieredStore.open(options)) {
      assertTrue(threadRunning(syncer));
      s.put("a", bytes("1"));
      s.put("b", bytes("2"));
      while (s.counters().engine().counters().get("PeriodicSyncs") < 3) {
        assertTrue(System.nanoTime() < deadline, s.counters().engine().toString());
        Thread.sleep(5);
      }
      assertTrue(s.delete("a"));
      assertTrue(s.update("b", v -> bytes("3")));
      assertEquals(0, s.stats().failures());
    }
    assertFalse(threadRunning(syncer));
    try (TieredStore s = open(medium, MemoryBudget.ofBytes(0), false)) {
      assertNull(s.get("a"));
      assertArrayEquals(bytes("3"), s.get("b"));
    }
  }

  private static boolean threadRunning(String name) {
    return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
  }
}
