package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.internal.DramKeys;
import io.github.ycsbtiers.tiered.store.internal.DramTier;
import io.github.ycsbtiers.tiered.store.internal.PersistentTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ObjIntConsumer;

/**
 * Fills the DRAM tier at open ({@link WarmupMode}), up to its budget, and says what it loaded.
 *
 * <p>With {@link WarmupMode#SAVED} the saved keys that fit are taken hottest first, the rest of the
 * budget is filled in key order, and the saved records enter DRAM last and coldest first: warmed
 * entries start alike (no hits, not referenced), and the DRAM tier's clock hand reaches them in the
 * order they were added, so the hottest saved keys are the last it gives up. Each saved key keeps
 * the read count saved with it (halved at the save, {@link DramTier#saveKeys}); keys filled in key
 * order count none.
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
    Saved saved = new Saved(persistent, dram.budget());
    String note = null;
    boolean everyRecordSaved = false;
    if (options.warmup() == WarmupMode.SAVED) {
      try {
        DramKeys.load(options.path(), saved);
        everyRecordSaved = saved.read();
      } catch (IOException e) {
        saved = new Saved(persistent, dram.budget()); // what the damaged list gave is not used
        note = e.getMessage() + "; warmed up in key order instead";
      }
    }
    // when the saved keys are every record (data smaller than DRAM), a scan would find none other
    long inKeyOrder = everyRecordSaved ? 0 : fillInKeyOrder(dram, persistent, saved);
    for (int i = saved.entries.size() - 1; i >= 0; i--) {
      Entry e = saved.entries.get(i);
      dram.preload(e.key, e.value, e.reads);
    }
    return new Warmup(inKeyOrder + saved.entries.size(), saved.entries.size(), note);
  }

  /** Promotes records in key order, other than the saved ones, into what the saved ones left of the budget. */
  private static long fillInKeyOrder(DramTier dram, PersistentTier persistent, Saved saved) {
    Set<String> savedKeys = new HashSet<>();
    saved.entries.forEach(e -> savedKeys.add(e.key));
    long[] left = {dram.budget() - saved.bytes};
    long[] promoted = {0};
    persistent.scan(new byte[0], (k, v) -> {
      String key = new String(k, StandardCharsets.UTF_8);
      if (savedKeys.contains(key)) {
        return true;
      }
      long w = (long) k.length + v.length;
      if (w > left[0]) {
        return false;
      }
      dram.preload(key, v, 0);
      left[0] -= w;
      promoted[0]++;
      return true;
    });
    return promoted[0];
  }

  private record Entry(String key, byte[] value, int reads) {
  }

  /**
   * The saved keys still stored, with their values, hottest first, up to the first that does not
   * fit the budget; later keys are ignored.
   */
  private static final class Saved implements ObjIntConsumer<String> {
    private final PersistentTier persistent;
    private final long budget;
    /** The saved keys of this engine with their read counts, hottest first, as the list gave them. */
    private final List<DramKeys.SavedKey> keys = new ArrayList<>();
    private final List<Entry> entries = new ArrayList<>();
    private long bytes;

    Saved(PersistentTier persistent, long budget) {
      this.persistent = persistent;
      this.budget = budget;
    }

    @Override
    public void accept(String key, int count) {
      if (key.getBytes(StandardCharsets.UTF_8).length <= persistent.maxKeyBytes()) {
        // a longer one is not a key of this engine (the list is from elsewhere)
        keys.add(new DramKeys.SavedKey(key, count));
      }
    }

    /**
     * Reads the saved keys' values in key order, which is the persistent tier's order: neighbouring
     * keys share a page or a block, so a list of every key costs about one read per page rather than
     * one per key ({@link PersistentTier#getInOrder}; a disk 1:4 read phase of bin/demo, 125,000
     * saved keys, spent about 9 s of its 19 s in this with a get per key). Then takes them hottest
     * first, up to the first that does not fit the budget; later ones are ignored, and a key
     * deleted since is skipped. Returns whether they are every record the tier holds and all of
     * them fit (false where the tier does not know): then no record is left to fill the rest with.
     */
    boolean read() {
      byte[][] encoded = new byte[keys.size()][];
      Integer[] order = new Integer[keys.size()];
      for (int i = 0; i < order.length; i++) {
        encoded[i] = keys.get(i).key().getBytes(StandardCharsets.UTF_8);
        order[i] = i;
      }
      // on every core: 500,000 keys take about 0.4 s on one
      Arrays.parallelSort(order, (a, b) -> Arrays.compareUnsigned(encoded[a], encoded[b]));
      byte[][] sorted = new byte[order.length][];
      for (int i = 0; i < order.length; i++) {
        sorted[i] = encoded[order[i]];
      }
      byte[][] sortedValues = new byte[order.length][];
      boolean everyRecord = persistent.getInOrder(sorted, sortedValues);
      byte[][] values = new byte[order.length][];
      for (int i = 0; i < order.length; i++) {
        values[order[i]] = sortedValues[i];
      }
      for (int rank = 0; rank < values.length; rank++) {
        byte[] v = values[rank];
        if (v == null) {
          continue;
        }
        long w = (long) encoded[rank].length + v.length;
        if (bytes + w > budget) {
          return false; // a record left out: the budget's rest may take another in key order
        }
        DramKeys.SavedKey saved = keys.get(rank);
        entries.add(new Entry(saved.key(), v, saved.reads()));
        bytes += w;
      }
      return everyRecord;
    }
  }
}
