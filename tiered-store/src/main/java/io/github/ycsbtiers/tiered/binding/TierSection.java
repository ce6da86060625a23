package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.tiered.store.TierStats;

/** The {@code [TIER]} section of the report, from the store's final statistics. */
final class TierSection {
  static final String NAME = "TIER";

  private TierSection() {
  }

  /** With how the store served its clients (lines after the store's own, so that no existing line moves). */
  static ResultSection of(TierStats s, StoreService.Figures f) {
    return ResultSection.builder(NAME)
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
        .add("Cores", f.cores())
        .build();
  }
}
