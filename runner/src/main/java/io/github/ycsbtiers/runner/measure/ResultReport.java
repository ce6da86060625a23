package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.runner.warmup.WarmupResult;
import java.io.IOException;
import java.util.Map;
import site.ycsb.Utils;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Writes the end-of-run report in upstream YCSB's order: {@code [OVERALL]} run time and
 * throughput (and, an addition, the throughput of the operations that returned OK), garbage-collector totals, JVM figures when tracked, then what a warm-up did
 * ({@code [WARMUP]}, an addition), then one section per operation. After a warm-up the collector
 * figures are those of the measured phase; without one they are totals since the JVM started, as
 * upstream's.
 */
public final class ResultReport {
  private ResultReport() {
  }

  /**
   * @param operations operations done by all clients (64-bit)
   * @param runtimeMillis wall-clock time of the measured phase
   * @param gcBefore collector totals when measuring started ({@link GcTotals#zero()} for none)
   * @param jvmStats JVM samples, or null when not tracked
   * @param warmup what the warm-up did, or null without one
   */
  public static void write(MeasurementsExporter exporter, long operations, long runtimeMillis, GcTotals gcBefore,
                           JvmStats jvmStats, WarmupResult warmup, MeasurementRegistry registry) throws IOException {
    exporter.write("OVERALL", "RunTime(ms)", runtimeMillis);
    exporter.write("OVERALL", "Throughput(ops/sec)", 1000.0 * operations / runtimeMillis);
    exporter.write("OVERALL", "Throughput(ok ops/sec)", 1000.0 * okOperations(operations, registry) / runtimeMillis);
    long totalCount = 0;
    long totalTime = 0;
    for (Map.Entry<String, Long[]> e : Utils.getGCStatst().entrySet()) {
      long count = e.getValue()[0] - gcBefore.count(e.getKey());
      long time = e.getValue()[1] - gcBefore.timeMillis(e.getKey());
      exporter.write("TOTAL_GCS_" + e.getKey(), "Count", count);
      exporter.write("TOTAL_GC_TIME_" + e.getKey(), "Time(ms)", time);
      exporter.write("TOTAL_GC_TIME_%_" + e.getKey(), "Time(%)", (double) time / runtimeMillis * 100.0);
      totalCount += count;
      totalTime += time;
    }
    exporter.write("TOTAL_GCs", "Count", totalCount);
    exporter.write("TOTAL_GC_TIME", "Time(ms)", totalTime);
    exporter.write("TOTAL_GC_TIME_%", "Time(%)", (double) totalTime / runtimeMillis * 100.0);
    if (jvmStats != null) {
      jvmStats.export(exporter);
    }
    if (warmup != null) {
      warmup.write(exporter);
    }
    registry.export(exporter);
  }

  /**
   * The operations that returned OK: {@code operations} less every other return code counted (an
   * addition beside upstream's throughput, which counts failed operations too); VERIFY's codes are
   * checks, not operations. A
   * READ-MODIFY-WRITE whose read and update both failed is taken off twice.
   */
  static long okOperations(long operations, MeasurementRegistry registry) {
    long failed = 0;
    for (Map.Entry<String, Map<String, Long>> op : registry.returnCodes().entrySet()) {
      if ("VERIFY".equals(op.getKey())) {
        continue; // data integrity checks of reads, not operations
      }
      for (Map.Entry<String, Long> c : op.getValue().entrySet()) {
        if (!"OK".equals(c.getKey()) && !"BATCHED_OK".equals(c.getKey())) {
          failed += c.getValue();
        }
      }
    }
    return Math.max(0, operations - failed);
  }
}
