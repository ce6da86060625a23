package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.DataEstimate;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.store.StoreProperties;
import io.github.ycsbtiers.tiered.store.SyncMode;
import io.github.ycsbtiers.tiered.store.TierStats;
import io.github.ycsbtiers.tiered.store.TieredStore;
import io.github.ycsbtiers.tiered.store.WarmupMode;
import io.github.ycsbtiers.tiered.store.internal.ByteSizes;
import io.github.ycsbtiers.tiered.store.Locations;
import java.io.PrintStream;
import java.util.Locale;

/** The lines printed once when a binding opens the store: where, the budget, the data estimate, the warm-up. */
final class StartupReport {
  private StartupReport() {
  }

  static void print(PrintStream err, StoreOptions o, TierStats s, String warmupNote, String directIoNote) {
    DataEstimate e = o.estimate();
    String fs = Locations.fileSystemType(o.path());
    err.printf(Locale.ROOT, "tiered: %s (%s) at %s (%s), sync=%s%s%n", o.medium().label(), o.medium().engine(),
        o.path(), fs, o.sync().label(),
        o.sync() == SyncMode.PERIODIC ? String.format(Locale.ROOT, " (every %,d ms)", o.syncIntervalMillis()) : "");
    String data = e.known()
        ? String.format(Locale.ROOT, "the estimated data of %s (%,d records of %.1f bytes: key %.1f + value %.1f)",
            ByteSizes.format(e.totalBytes()), e.records(), e.recordBytes(), e.keyBytes(), e.valueBytes())
        : "data of unknown size (no recordcount)";
    String split = o.medium() != Medium.DISK ? ""
        : o.pageCache() ? String.format(Locale.ROOT, " (RocksDB's block cache of %s beside it)",
            ByteSizes.format(o.blockCacheBytes()))
        : String.format(Locale.ROOT, " of the memory budget of %s (the rest, %s, is RocksDB's block cache)",
            ByteSizes.format(o.memoryBytes()), ByteSizes.format(o.blockCacheBytes()));
    err.printf(Locale.ROOT, "tiered: DRAM budget %s%s (%s%s) for %s; warm-up (%s) loaded %,d records (%s) into DRAM%s%n",
        ByteSizes.format(o.budgetBytes()), split, o.budget().isRatio() ? "memory:data " : "", o.budget(), data,
        o.warmup().label(), s.warmupRecords(), ByteSizes.format(s.dramBytes()),
        o.warmup() == WarmupMode.SAVED ? String.format(Locale.ROOT, ", %,d of them the keys it held at the last close",
            s.warmupSavedRecords()) : "");
    if (warmupNote != null) {
      err.println("tiered: warning: " + warmupNote);
    }
    if (directIoNote != null) {
      err.println("tiered: warning: " + directIoNote);
    } else if (o.medium() == Medium.DISK && "tmpfs".equals(fs)) {
      err.println("tiered: warning: the disk medium is on tmpfs, so it measures memory, not a disk");
    } else if (o.medium() == Medium.DISK) {
      err.println(o.pageCache()
          ? "tiered: " + StoreProperties.PAGE_CACHE + "=true: disk reads go through the OS page cache, an unbounded"
              + " extra tier of memory"
          : "tiered: disk reads bypass the OS page cache (direct I/O): what the DRAM tier and the block cache do not"
              + " hold is read from the device");
    } else if ("tmpfs".equals(fs)) {
      err.println("tiered: pmem here is tmpfs, with DRAM's latency and bandwidth, not persistent memory's (an"
          + " Optane-class device reads at about 2-3x DRAM's latency and writes at a fraction of its bandwidth);"
          + " on a real device set " + StoreProperties.PATH + " to its DAX mount");
    }
    long held = Math.min(o.budgetBytes(), e.known() ? e.totalBytes() : o.budgetBytes());
    long records = e.known() && e.recordBytes() > 0 ? (long) (held / e.recordBytes()) : 0;
    long heap = held + records * TieredStore.HEAP_BYTES_PER_RECORD;
    long max = Runtime.getRuntime().maxMemory();
    if (heap > max * 0.8) {
      err.printf(Locale.ROOT, "tiered: warning: the DRAM tier may need about %s of heap, the JVM has %s; "
          + "raise it with JAVA_OPTS=-Xmx... or lower the budget%n", ByteSizes.format(heap), ByteSizes.format(max));
    }
  }
}
