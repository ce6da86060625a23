package io.github.ycsbtiers.suite.curve;

/**
 * Four percentiles of one latency over every operation of a step, in microseconds; -1 where the
 * step has none (no HdrHistogram log, no operation).
 */
public record Latencies(double p50, double p99, double p999, double p9999) {
  public static final Latencies NONE = new Latencies(-1, -1, -1, -1);

  /** Whether the step had any. */
  public boolean known() {
    return p50 >= 0;
  }
}
