package io.github.ycsbtiers.runner.measure;

import java.io.IOException;
import java.util.Map;
import site.ycsb.Utils;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Writes the end-of-run report in upstream YCSB's order: {@code [OVERALL]} run time and
 * throughput, garbage-collector totals, JVM figures when tracked, then one section per
 * operation.
 */
public final class ResultReport {
  private ResultReport() {
  }

  /**
   * @param operations operations done by all clients (64-bit)
   * @param runtimeMillis wall-clock time of the measured phase
   * @param jvmStats JVM samples, or null when not tracked
   */
  public static void write(MeasurementsExporter exporter, long operations, long runtimeMillis,
                           JvmStats jvmStats, MeasurementRegistry registry) throws IOException {
    exporter.write("OVERALL", "RunTime(ms)", runtimeMillis);
    exporter.write("OVERALL", "Throughput(ops/sec)", 1000.0 * operations / runtimeMillis);
    long totalCount = 0;
    long totalTime = 0;
    for (Map.Entry<String, Long[]> e : Utils.getGCStatst().entrySet()) {
      exporter.write("TOTAL_GCS_" + e.getKey(), "Count", e.getValue()[0]);
      exporter.write("TOTAL_GC_TIME_" + e.getKey(), "Time(ms)", e.getValue()[1]);
      exporter.write("TOTAL_GC_TIME_%_" + e.getKey(), "Time(%)", (double) e.getValue()[1] / runtimeMillis * 100.0);
      totalCount += e.getValue()[0];
      totalTime += e.getValue()[1];
    }
    exporter.write("TOTAL_GCs", "Count", totalCount);
    exporter.write("TOTAL_GC_TIME", "Time(ms)", totalTime);
    exporter.write("TOTAL_GC_TIME_%", "Time(%)", (double) totalTime / runtimeMillis * 100.0);
    if (jvmStats != null) {
      jvmStats.export(exporter);
    }
    registry.export(exporter);
  }
}
