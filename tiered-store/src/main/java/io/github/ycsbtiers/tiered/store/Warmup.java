package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.internal.DramKeys;
import io.github.ycsbtiers.tiered.store.internal.DramTier;
import io.github.ycsbtiers.tiered.store.internal.PersistentTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Fills the DRAM tier at open ({@link WarmupMode}), up to its budget, and says what it loaded.
 *
 * @param records      records loaded into DRAM in all
 * @param savedRecords of them, from the keys saved at the last close
 * @param note         why a saved list found was not used, or null
 */
record Warmup(long records, long savedRecords, String note) {

  static Warmup run(StoreOptions options, DramTier dram, PersistentTier persistent) {
    if (options.warmup() == WarmupMode.NONE) {
      return new Warmup(0, 0, null);
    }
    Fill fill = new Fill(dram);
    String note = null;
    if (options.warmup() == WarmupMode.SAVED) {
      try {
        DramKeys.load(options.path(), key -> fill.add(key, persistent));
      } catch (IOException e) {
        note = e.getMessage() + "; warmed up in key order instead";
      }
    }
    long saved = fill.records;
    persistent.scan(new byte[0], fill::addInKeyOrder);
    return new Warmup(fill.records, saved, note);
  }

  /** The budget's running account. */
  private static final class Fill {
    private final DramTier dram;
    private long bytes;
    private long records;

    Fill(DramTier dram) {
      this.dram = dram;
    }

    /** A saved key: promoted if still stored; false once the budget is full. */
    boolean add(String key, PersistentTier persistent) {
      byte[] k = key.getBytes(StandardCharsets.UTF_8);
      if (k.length > persistent.maxKeyBytes()) {
        return true; // not a key of this engine: the list is from elsewhere, skip it
      }
      byte[] v = persistent.get(k);
      return v == null || promote(key, k.length, v);
    }

    /** The next key in key order: promoted unless cached already; false once the budget is full. */
    boolean addInKeyOrder(byte[] k, byte[] v) {
      String key = new String(k, StandardCharsets.UTF_8);
      return dram.peek(key) != null || promote(key, k.length, v);
    }

    private boolean promote(String key, int keyBytes, byte[] v) {
      long w = (long) keyBytes + v.length;
      if (bytes + w > dram.budget()) {
        return false;
      }
      dram.promote(key, v);
      bytes += w;
      records++;
      return true;
    }
  }
}
