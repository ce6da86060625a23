package io.github.ycsbtiers.runner.warmup;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * What the warm-up did to the store, reported so that nothing sent to it goes unaccounted: its run
 * time, its operations and their return codes, and why it ended. Written as the {@code [WARMUP]}
 * section:
 * <pre>
 * [WARMUP], RunTime(ms), 5003
 * [WARMUP], Operations, 123456
 * [WARMUP], Throughput(ops/sec), 24676.19
 * [WARMUP], READ Return=OK, 61000
 * [WARMUP], UPDATE Return=OK, 62456
 * </pre>
 * one {@code OPERATION Return=CODE} line per operation and return code, in the order the measured
 * sections use. Immutable.
 */
public final class WarmupResult {
  public static final String SECTION = "WARMUP";

  private final long runtimeMillis;
  private final long operations;
  private final String reason;
  private final Map<String, Map<String, Long>> returnCodes;

  /** @param returnCodes operation name to return code name to count */
  public WarmupResult(long runtimeMillis, long operations, String reason, Map<String, Map<String, Long>> returnCodes) {
    this.runtimeMillis = runtimeMillis;
    this.operations = operations;
    this.reason = reason;
    Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
    returnCodes.forEach((op, codes) -> copy.put(op, Collections.unmodifiableMap(new LinkedHashMap<>(codes))));
    this.returnCodes = Collections.unmodifiableMap(copy);
  }

  public long runtimeMillis() {
    return runtimeMillis;
  }

  public long operations() {
    return operations;
  }

  public String reason() {
    return reason;
  }

  /** Operation name to return code name to count. */
  public Map<String, Map<String, Long>> returnCodes() {
    return returnCodes;
  }

  public void write(MeasurementsExporter exporter) throws IOException {
    exporter.write(SECTION, "RunTime(ms)", runtimeMillis);
    exporter.write(SECTION, "Operations", operations);
    exporter.write(SECTION, "Throughput(ops/sec)", runtimeMillis == 0 ? 0.0 : 1000.0 * operations / runtimeMillis);
    for (Map.Entry<String, Map<String, Long>> op : returnCodes.entrySet()) {
      for (Map.Entry<String, Long> code : op.getValue().entrySet()) {
        exporter.write(SECTION, op.getKey() + " Return=" + code.getKey(), code.getValue());
      }
    }
  }
}
