package io.github.ycsbtiers.tiered.store.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LmdbTier#getInOrder}: the values a get gives, and whether the keys named every record. */
class LmdbGetInOrderTest {
  @TempDir
  Path dir;

  @Test
  void valuesAndWhetherEveryRecordWasNamed() {
    try (LmdbTier tier = LmdbTier.open(dir, 1 << 20, 1, false)) {
      for (int i = 0; i < 100; i += 2) {
        tier.put(key(i), ("v" + i).getBytes(StandardCharsets.UTF_8));
      }
      byte[][] all = new byte[50][];
      for (int i = 0; i < 50; i++) {
        all[i] = key(2 * i);
      }
      assertTrue(tier.getInOrder(all, new byte[50][]));

      byte[][] withRepeatAndMissing = {key(0), key(0), key(1), key(2)};
      byte[][] rest = Arrays.copyOfRange(all, 2, 50);
      byte[][] keys = new byte[withRepeatAndMissing.length + rest.length][];
      System.arraycopy(withRepeatAndMissing, 0, keys, 0, 4);
      System.arraycopy(rest, 0, keys, 4, rest.length);
      byte[][] values = new byte[keys.length][];
      assertTrue(tier.getInOrder(keys, values), "a repeat and a missing key: still every record");
      for (int i = 0; i < keys.length; i++) {
        assertArrayEquals(tier.get(keys[i]), values[i]);
      }

      byte[][] oneLeftOut = Arrays.copyOf(all, 49);
      assertFalse(tier.getInOrder(oneLeftOut, new byte[49][]));
    }
  }

  private static byte[] key(int i) {
    return String.format("user%04d", i).getBytes(StandardCharsets.UTF_8);
  }
}
