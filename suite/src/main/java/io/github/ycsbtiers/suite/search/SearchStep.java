package io.github.ycsbtiers.suite.search;

/**
 * One measured phase of a search.
 *
 * @param number 1 for the unthrottled ceiling run, then 2, 3, ...
 * @param targetRate the {@code -target} of the step in operations per second; 0 for the ceiling run
 * @param throughput the measured throughput, [OVERALL] Throughput(ops/sec)
 * @param latencyUs the bound's percentile of the bound's latency over every operation of the phase
 * @param opP99Us the plain (op) p99 over every operation, for comparison
 * @param hitRatio the measured hit ratio over the step; null when unknown
 * @param hitSource what {@code hitRatio} is: {@code TIER} (the embedded store's DRAM tier, reads served
 *     from memory), {@code SERVER} or {@code INFO} (a remote target's keyspace hits over hits and misses:
 *     reads that found their key, wherever the store keeps it; over the measured phase from its [SERVER]
 *     section, or over the process from INFO around it) or null
 * @param met whether the step met the bound (latency and, when throttled, the rate)
 * @param why a short reason, e.g. {@code p99 812 us < 1000 us}
 * @param report the phase's raw report, relative to the results directory
 */
public record SearchStep(int number, double targetRate, double throughput, double latencyUs, double opP99Us,
    Double hitRatio, String hitSource, boolean met, String why, String report) {

  /** Whether this is the unthrottled first run. */
  public boolean ceiling() {
    return targetRate == 0;
  }
}
