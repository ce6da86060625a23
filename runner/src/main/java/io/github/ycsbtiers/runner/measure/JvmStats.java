package io.github.ycsbtiers.runner.measure;

import site.ycsb.Utils;

/**
 * Minimum and maximum JVM figures sampled at each status interval when
 * {@code measurement.trackjvm=true}; the samples also go into latency-style sections as upstream
 * does (THREAD_COUNT, USED_MEM_MB, SYS_LOAD_AVG, GCS, GCS_TIME).
 */
public final class JvmStats {
  private final MeasurementRegistry registry;
  private int maxThreads;
  private int minThreads = Integer.MAX_VALUE;
  private long maxUsedMem;
  private long minUsedMem = Long.MAX_VALUE;
  private double maxLoadAvg;
  private double minLoadAvg = Double.MAX_VALUE;
  private long lastGcCount;
  private long lastGcTime;

  public JvmStats(MeasurementRegistry registry) {
    this.registry = registry;
  }

  /** Takes one sample; called by the status thread only. */
  public synchronized void sample() {
    int threads = Utils.getActiveThreadCount();
    minThreads = Math.min(minThreads, threads);
    maxThreads = Math.max(maxThreads, threads);
    registry.measure("THREAD_COUNT", threads);
    int usedMem = Utils.getUsedMemoryMegaBytes();
    minUsedMem = Math.min(minUsedMem, usedMem);
    maxUsedMem = Math.max(maxUsedMem, usedMem);
    registry.measure("USED_MEM_MB", usedMem);
    double load = Utils.getSystemLoadAverage();
    if (load >= 0) {
      registry.measure("SYS_LOAD_AVG", (int) load);
      maxLoadAvg = Math.max(maxLoadAvg, load);
      minLoadAvg = Math.min(minLoadAvg, load);
    }
    long gcs = Utils.getGCTotalCollectionCount();
    registry.measure("GCS", (int) (gcs - lastGcCount));
    long gcTime = Utils.getGCTotalTime();
    registry.measure("GCS_TIME", (int) (gcTime - lastGcTime));
    lastGcCount = gcs;
    lastGcTime = gcTime;
  }

  synchronized void export(site.ycsb.measurements.exporter.MeasurementsExporter exporter) throws java.io.IOException {
    exporter.write("MAX_MEM_USED", "MBs", maxUsedMem);
    exporter.write("MIN_MEM_USED", "MBs", minUsedMem);
    exporter.write("MAX_THREADS", "Count", maxThreads);
    exporter.write("MIN_THREADS", "Count", minThreads);
    exporter.write("MAX_SYS_LOAD_AVG", "Load", maxLoadAvg);
    exporter.write("MIN_SYS_LOAD_AVG", "Load", minLoadAvg);
  }
}
