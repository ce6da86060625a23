package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import io.github.ycsbtiers.api.ResourceFigures;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.tiered.store.SyncMode;
import io.github.ycsbtiers.tiered.store.TierStats;
import io.github.ycsbtiers.tiered.usage.Usage;
import java.util.function.BiConsumer;

/** The {@code [TIER]} section of the report, from the store's final statistics. */
final class TierSection {
  static final String NAME = "TIER";

  private TierSection() {
  }

  /**
   * With how the store served its clients and what it used (lines after the store's own, so that
   * no existing line moves).
   */
  static ResultSection of(TierStats s, StoreService.Figures f, Usage u) {
    ResultSection.Builder b = ResultSection.builder(NAME)
        .add("Medium", s.medium().label())
        .add("Path", s.path().toString())
        .add("Sync", s.sync().label())
        .add("DramBudgetBytes", s.budgetBytes())
        .add("BlockCacheBytes", s.blockCacheBytes())
        .add("EstimatedDataBytes", s.estimatedDataBytes())
        .add("DramHits", s.dramHits())
        .add("DramMisses", s.dramMisses())
        .add("DramHitRatio", s.dramHitRatio())
        .add("PersistentReads", s.persistentReads())
        .add("PersistentWrites", s.persistentWrites())
        .add("PersistentScans", s.persistentScans())
        .add("DramBytes", s.dramBytes())
        .add("DramRecords", s.dramRecords())
        .add("MediumBytes", s.mediumBytes())
        .add("WarmupRecords", s.warmupRecords())
        .add("WarmupSavedRecords", s.warmupSavedRecords())
        .add("Failures", s.failures())
        .add("DirectIo", String.valueOf(s.device().directIo()))
        .add("DeviceReads", s.device().reads())
        .add("DeviceReadBytes", s.device().bytes())
        .add("BlockCacheDataHits", s.device().blockCacheHits())
        .add("MemtableHits", s.device().memtableHits())
        .add("ProcessReadBytes", s.device().processReadBytes())
        .add("DeviceReadP50(us)", s.device().p50Micros())
        .add("DeviceReadP99(us)", s.device().p99Micros())
        .add("DeviceReadMax(us)", s.device().maxMicros())
        .add("StoreLoops", f.loops())
        .add("StoreIoThreads", f.ioThreads())
        .add("Clients", f.clients())
        .add("StoreCallingThreads", f.callingThreads())
        .add("Cores", f.cores());
    if (!Double.isNaN(u.storeCpuSeconds())) {
      b.add("StoreCpu(ms)", Math.round(u.storeCpuSeconds() * 1000));
    }
    b.add("StoreWindow(ms)", Math.round(u.seconds() * 1000));
    if (u.device() != null) {
      b.add(ResourceFigures.DEVICE, u.device());
    }
    usage(u, b::add);
    if (!Double.isNaN(u.busiestLoopCores())) {
      b.add(ResourceFigures.SERVER_THREAD, ResourceFigures.STORE_LOOP);
    }
    if (f.loops() > 0) {
      b.add("StoreLoopIssued", f.loopIssued())
          .add("StoreLoopTimers", f.loopTimers())
          .add("StoreIoHandOvers", f.ioHandOvers())
          .add("StoreIoCarried", f.ioCarried());
    }
    if (s.sync() != SyncMode.NONE) {
      // what a durable write costs: how many writes each sync made durable, and how often the store synced
      b.add("Syncs", s.syncs().syncs())
          .add("WritesPerSync", Math.round(s.syncs().writesPerSync() * 100) / 100.0);
      if (u.seconds() > 0) {
        b.add("SyncsPerSecond", Math.round(s.syncs().syncs() / u.seconds()));
      }
    }
    return b.build();
  }

  /**
   * What the store used, under {@code api.ResourceFigures}' names, for the report and each timeline
   * row: {@code StoreCpuCores} (its threads' CPU: loops, I/O pool, RocksDB's background threads),
   * {@code ServerThreadCores} (its busiest loop's, with the loops; the report adds
   * {@code ServerThread, store-loop}),
   * {@code DeviceUtilisation} and {@code DeviceQueue} (with a device found); a figure that is
   * unknown is left out.
   */
  static void usage(Usage u, BiConsumer<String, Double> out) {
    put(out, ResourceFigures.STORE_CPU_CORES, u.storeCpuCores());
    put(out, ResourceFigures.SERVER_THREAD_CORES, u.busiestLoopCores());
    put(out, ResourceFigures.DEVICE_UTILISATION, u.deviceUtilisation());
    put(out, ResourceFigures.DEVICE_QUEUE, u.deviceQueue());
  }

  private static void put(BiConsumer<String, Double> out, String name, double value) {
    if (!Double.isNaN(value) && !Double.isInfinite(value)) {
      out.accept(name, Math.round(value * 1000) / 1000.0);
    }
  }
}
