package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.internal.DramKeys;
import io.github.ycsbtiers.tiered.store.internal.DramTier;
import io.github.ycsbtiers.tiered.store.internal.PersistentTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Fills the DRAM tier at open ({@link WarmupMode}), up to its budget, and says what it loaded.
 *
 * <p>With {@link WarmupMode#SAVED} the saved keys that fit are taken hottest first, the rest of the
 * budget is filled in key order, and the saved records enter DRAM last and coldest first: the cache
 * policy evicts the least recently added of equally frequent entries first, so the hottest saved
 * keys are the last it gives up.
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
    Budget budget = new Budget(dram.budget());
    List<Entry> saved = new ArrayList<>();
    String note = null;
    if (options.warmup() == WarmupMode.SAVED) {
      try {
        DramKeys.load(options.path(), key -> takeSaved(key, persistent, budget, saved));
      } catch (IOException e) {
        saved.clear();
        budget.used = 0;
        note = e.getMessage() + "; warmed up in key order instead";
      }
    }
    Set<String> savedKeys = new HashSet<>();
    saved.forEach(e -> savedKeys.add(e.key));
    long[] inKeyOrder = {0};
    persistent.scan(new byte[0], (k, v) -> {
      String key = new String(k, StandardCharsets.UTF_8);
      if (savedKeys.contains(key)) {
        return true;
      }
      if (!budget.take(k.length, v)) {
        return false;
      }
      dram.promote(key, v);
      inKeyOrder[0]++;
      return true;
    });
    for (int i = saved.size() - 1; i >= 0; i--) {
      dram.promote(saved.get(i).key, saved.get(i).value);
    }
    return new Warmup(inKeyOrder[0] + saved.size(), saved.size(), note);
  }

  /** A saved key, if still stored and within the budget; false once the budget is full. */
  private static boolean takeSaved(String key, PersistentTier persistent, Budget budget, List<Entry> saved) {
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    if (k.length > persistent.maxKeyBytes()) {
      return true; // not a key of this engine: the list is from elsewhere, skip it
    }
    byte[] v = persistent.get(k);
    if (v == null) {
      return true; // deleted since
    }
    if (!budget.take(k.length, v)) {
      return false;
    }
    saved.add(new Entry(key, v));
    return true;
  }

  private record Entry(String key, byte[] value) {
  }

  /** Key and value bytes taken so far, against the DRAM tier's budget. */
  private static final class Budget {
    private final long limit;
    private long used;

    Budget(long limit) {
      this.limit = limit;
    }

    boolean take(int keyBytes, byte[] value) {
      long w = (long) keyBytes + value.length;
      if (used + w > limit) {
        return false;
      }
      used += w;
      return true;
    }
  }
}
