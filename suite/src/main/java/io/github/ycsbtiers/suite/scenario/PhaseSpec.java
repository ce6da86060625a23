package io.github.ycsbtiers.suite.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One phase of a scenario against one target: {@code bin/ycsb load|run BINDING -P workload} with
 * these properties. {@code group} is the matrix cell the phase belongs to ({@code 7:1},
 * {@code 1024 B}); every group starts with a Load into an empty store.
 */
public record PhaseSpec(String group, String phase, boolean load, String workload, long recordCount,
    long operationCount, Map<String, String> properties) {

  public PhaseSpec {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** The operations the phase performs: recordcount for a Load, operationcount otherwise. */
  public long operations() {
    return load ? recordCount : operationCount;
  }

  /**
   * How much the phase does, in words: {@code 3,000 operations}, or {@code 60 s} for a run phase
   * bounded by time alone (operationcount 0 and {@code maxexecutiontime}).
   */
  public String extent() {
    String seconds = properties.get("maxexecutiontime");
    if (!load && operationCount == 0 && seconds != null) {
      return seconds + " s";
    }
    return String.format("%,d operations", operations());
  }

  /** A file-name-safe label, e.g. {@code 7-1-uniform-read}. */
  public String fileLabel() {
    return (group + "-" + phase).replaceAll("[^A-Za-z0-9._-]+", "-");
  }
}
