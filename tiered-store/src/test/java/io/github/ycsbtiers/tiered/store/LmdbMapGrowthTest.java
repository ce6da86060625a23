package io.github.ycsbtiers.tiered.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The pmem tier's map is sized from the estimate and grows when the data outgrows it. */
class LmdbMapGrowthTest {
  private Path dir;

  @AfterEach
  void deleteDir() {
    StoreDirs.delete(dir);
  }

  @Test
  void growsPastTheEstimate() throws Exception {
    dir = StoreDirs.create(Medium.PMEM);
    // one record expected: the smallest map (64 MiB); 96 MiB of values must grow it
    StoreOptions options = StoreDirs.options(Medium.PMEM, dir, 1).budget(MemoryBudget.ofBytes(0)).build();
    byte[] value = new byte[1 << 20];
    try (TieredStore s = TieredStore.open(options)) {
      for (int i = 0; i < 96; i++) {
        Arrays.fill(value, (byte) i);
        s.put("big" + i, value.clone());
      }
      assertEquals(0, s.stats().failures());
      assertTrue(s.stats().mediumBytes() > 96L << 20);
    }
    assertTrue(Files.size(dir.resolve("data.mdb")) > 64L << 20);
    try (TieredStore s = TieredStore.open(options)) {
      for (int i = 0; i < 96; i++) {
        byte[] v = s.get("big" + i);
        assertEquals(1 << 20, v.length);
        assertEquals((byte) i, v[12345]);
      }
    }
  }
}
