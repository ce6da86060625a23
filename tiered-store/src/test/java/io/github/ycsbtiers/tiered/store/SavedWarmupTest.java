package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.tiered.store.internal.DramKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code tiered.warmup=saved}: a store reopened starts with the keys its DRAM tier had learned were
 * hot, not with the first keys in key order; a damaged list or keys deleted since cost only hits.
 */
class SavedWarmupTest {
  private static final int RECORDS = 1000;
  private static final int HELD = 250;
  /** 7 key bytes + 96 value bytes per record; room for HELD records. */
  private static final MemoryBudget BUDGET = MemoryBudget.ofBytes(103 * HELD + 50);
  private Path dir;

  @AfterEach
  void deleteDir() {
    StoreDirs.delete(dir);
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void aReopenedStoreStartsWithTheKeysItsDramLearnedWereHot(Medium medium) {
    fill(medium);
    learnHotRange(medium, WarmupMode.KEY_ORDER); // the middle keys; key order loads the first ones
    try (TieredStore s = open(medium, WarmupMode.SAVED)) {
      TierStats t = s.stats();
      assertEquals(HELD, t.warmupRecords(), t.toString());
      assertEquals(HELD, t.warmupSavedRecords(), t.toString());
      assertNull(s.warmupNote());
      readHotRange(s);
      assertTrue(s.stats().dramHits() >= HELD - 10, "the hot keys are in DRAM from the start: " + s.stats());
    }
    try (TieredStore s = open(medium, WarmupMode.KEY_ORDER)) {
      assertEquals(0, s.stats().warmupSavedRecords());
      readHotRange(s);
      assertEquals(0, s.stats().dramHits(), "key order loads key0000.. and none of the hot range");
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void aSmallerBudgetKeepsTheHottestSavedKeys(Medium medium) {
    fill(medium);
    try (TieredStore s = open(medium, WarmupMode.KEY_ORDER)) {
      for (int round = 0; round < 40; round++) {
        for (int i = 500; i < 500 + HELD; i++) {
          if (i < 500 + HELD / 2 || round % 8 == 0) {
            s.get(key(i)); // the first half read 40 times, the second 5 times
          }
        }
      }
    }
    MemoryBudget half = MemoryBudget.ofBytes(103 * HELD / 2 + 50);
    try (TieredStore s = TieredStore.open(StoreDirs.options(medium, dir, RECORDS).budget(half)
        .warmup(WarmupMode.SAVED).build())) {
      assertEquals(HELD / 2, s.stats().warmupSavedRecords(), s.stats().toString());
      for (int i = 500; i < 500 + HELD / 2; i++) {
        s.get(key(i));
      }
      assertTrue(s.stats().dramHits() >= HELD / 2 - 10, "the hotter half was kept: " + s.stats());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void keysDeletedSinceAreSkippedAndTheBudgetIsToppedUpInKeyOrder(Medium medium) {
    fill(medium);
    learnHotRange(medium, WarmupMode.KEY_ORDER);
    try (TieredStore s = open(medium, WarmupMode.NONE)) {
      for (int i = 500; i < 600; i++) {
        assertTrue(s.delete(key(i)));
      }
    }
    // the store that deleted them held nothing in DRAM, and saved that: save the hot list again
    learnHotRange(medium, WarmupMode.NONE);
    try (TieredStore s = open(medium, WarmupMode.SAVED)) {
      TierStats t = s.stats();
      assertTrue(t.warmupSavedRecords() <= HELD - 100 && t.warmupSavedRecords() >= HELD - 110, t.toString());
      assertEquals(HELD, t.warmupRecords(), "the rest of the budget in key order: " + t);
      s.get(key(0));
      assertEquals(1, s.stats().dramHits());
    }
  }

  @ParameterizedTest
  @EnumSource(Medium.class)
  void aDamagedListIsNotUsedAndSaysSo(Medium medium) throws IOException {
    fill(medium);
    try (TieredStore s = open(medium, WarmupMode.KEY_ORDER)) {
      readHotRange(s);
    }
    Path list = dir.resolve(DramKeys.FILE);
    byte[] whole = Files.readAllBytes(list);
    Files.write(list, java.util.Arrays.copyOf(whole, whole.length - 3)); // no end marker
    try (TieredStore s = open(medium, WarmupMode.SAVED)) {
      assertEquals(0, s.stats().warmupSavedRecords());
      assertEquals(HELD, s.stats().warmupRecords());
      assertTrue(s.warmupNote().contains("incomplete (no end marker); warmed up in key order instead"),
          s.warmupNote());
      s.get(key(0));
      assertEquals(1, s.stats().dramHits());
    }
  }

  private void fill(Medium medium) {
    dir = StoreDirs.create(medium);
    try (TieredStore s = open(medium, WarmupMode.NONE)) {
      for (int i = 0; i < RECORDS; i++) {
        s.put(key(i), new byte[96]);
      }
    }
  }

  /** Opens the store, reads the hot range 20 times and closes it: its DRAM keys are saved. */
  private void learnHotRange(Medium medium, WarmupMode warmup) {
    try (TieredStore s = open(medium, warmup)) {
      for (int round = 0; round < 20; round++) {
        readHotRange(s);
      }
    }
  }

  private static void readHotRange(TieredStore s) {
    for (int i = 500; i < 500 + HELD; i++) {
      s.get(key(i));
    }
  }

  private static String key(int i) {
    return String.format("key%04d", i);
  }

  private TieredStore open(Medium medium, WarmupMode warmup) {
    return TieredStore.open(StoreDirs.options(medium, dir, RECORDS).budget(BUDGET).warmup(warmup).build());
  }
}
