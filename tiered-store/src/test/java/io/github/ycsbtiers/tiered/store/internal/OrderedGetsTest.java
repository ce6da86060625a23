package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RocksTier#getInOrder} against one get per key, on a real RocksDB with its records in table
 * files and no block cache, so that every block a lookup needs is a read of a file: the
 * values agree for stored keys, missing keys between, before and after them, repeats, and gaps
 * longer than the iterator steps over; a dense list reads far fewer blocks than gets do; and the
 * walk says whether the list named every record.
 */
class OrderedGetsTest {
  private static final int RECORDS = 20_000;
  @TempDir
  Path dir;
  private RocksTier tier;

  @BeforeEach
  void fill() {
    tier = open();
    for (int i = 0; i < RECORDS; i += 2) { // even numbers only: the odd ones are missing keys
      tier.put(key(i), ("value" + i).getBytes(StandardCharsets.UTF_8));
    }
    tier.put(longKey(4), "long".getBytes(StandardCharsets.UTF_8)); // longer than the walk's first key buffer
    tier.close();
    tier = open();
  }

  @AfterEach
  void close() {
    tier.close();
  }

  @Test
  void valuesAgreeWithOneGetPerKey() {
    Random random = new Random(7);
    List<byte[]> keys = new ArrayList<>();
    keys.add("a".getBytes(StandardCharsets.UTF_8)); // before every key
    for (int i = 0; i < RECORDS + 10; i += 1 + random.nextInt(3 * OrderedGets.MAX_STEPS)) {
      keys.add(key(i));
      if (random.nextInt(10) == 0) {
        keys.add(key(i)); // a repeat
      }
    }
    keys.add(key(RECORDS - 2));
    keys.add(longKey(4));
    keys.add(longKey(6)); // not stored
    keys.add("z".getBytes(StandardCharsets.UTF_8)); // after every key
    byte[][] sorted = keys.toArray(new byte[0][]);
    Arrays.sort(sorted, Arrays::compareUnsigned);
    byte[][] values = new byte[sorted.length][];
    tier.getInOrder(sorted, values);
    int stored = 0;
    for (int i = 0; i < sorted.length; i++) {
      byte[] expected = tier.get(sorted[i]);
      assertArrayEquals(expected, values[i], new String(sorted[i], StandardCharsets.UTF_8));
      stored += expected == null ? 0 : 1;
    }
    assertTrue(stored > 100 && stored < sorted.length - 100, "both stored and missing keys: " + stored);
  }

  @Test
  void aDenseListReadsEachBlockAboutOnce() {
    byte[][] sorted = new byte[RECORDS / 4][];
    for (int i = 0; i < sorted.length; i++) {
      sorted[i] = key(i * 4); // every other stored record
    }
    Arrays.sort(sorted, Arrays::compareUnsigned);
    tier.restartCounts();
    tier.getInOrder(sorted, new byte[sorted.length][]);
    long inOrder = tier.deviceReads(0).reads();
    tier.restartCounts();
    for (byte[] k : sorted) {
      tier.get(k);
    }
    long gets = tier.deviceReads(0).reads();
    assertEquals(sorted.length, gets, 0.1 * sorted.length, "a get per key reads its block: " + gets);
    assertTrue(inOrder * 10 < gets, "in order: " + inOrder + " reads; a get per key: " + gets);
  }

  @Test
  void aWalkOverEveryRecordSaysSoAndOneThatMissedARecordDoesNot() {
    byte[][] all = new byte[RECORDS / 2 + 1][];
    for (int i = 0; i < RECORDS / 2; i++) {
      all[i] = key(2 * i);
    }
    all[RECORDS / 2] = longKey(4);
    Arrays.sort(all, Arrays::compareUnsigned);
    assertTrue(tier.getInOrder(all, new byte[all.length][]), "every record listed");
    byte[][] withMissingKeys = Arrays.copyOf(all, all.length + 2);
    withMissingKeys[all.length] = key(RECORDS + 1); // not stored: the list still names every record
    withMissingKeys[all.length + 1] = key(RECORDS + 3);
    Arrays.sort(withMissingKeys, Arrays::compareUnsigned);
    assertTrue(tier.getInOrder(withMissingKeys, new byte[withMissingKeys.length][]), "missing keys too");
    for (int left : new int[] {0, all.length / 2, all.length - 1}) {
      byte[][] one = without(all, left, 1);
      assertFalse(tier.getInOrder(one, new byte[one.length][]), "record " + left + " not listed");
    }
    byte[][] gap = without(all, all.length / 2, 2 * OrderedGets.MAX_STEPS);
    assertFalse(tier.getInOrder(gap, new byte[gap.length][]), "a gap the walk sought over");
    assertFalse(tier.getInOrder(new byte[0][], new byte[0][]), "no key listed");
  }

  private static byte[][] without(byte[][] keys, int from, int count) {
    byte[][] out = new byte[keys.length - count][];
    System.arraycopy(keys, 0, out, 0, from);
    System.arraycopy(keys, from + count, out, from, keys.length - from - count);
    return out;
  }

  private static byte[] longKey(int i) {
    return (new String(key(i), StandardCharsets.UTF_8) + "x".repeat(200)).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] key(int i) {
    return String.format("user%08d", i).getBytes(StandardCharsets.UTF_8);
  }

  /** 64 KiB memtables: the records go to table files as they are written, not only to the log. */
  private RocksTier open() {
    return RocksTier.open(dir, false, 1, false, 0, Map.of("write_buffer_size", "65536"));
  }
}
