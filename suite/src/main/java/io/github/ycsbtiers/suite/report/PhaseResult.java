package io.github.ycsbtiers.suite.report;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one finished phase against one target. Latencies are in microseconds, as YCSB
 * reports them; a null figure is one the phase does not have (no READ in a Load, no hit ratio
 * without look-ups).
 *
 * @param avgUs the phase's mean latency: that of its one operation type, or for a mixed phase the
 *     operation-weighted mean of READ and UPDATE
 * @param p99Us the phase's 99th percentile: its one operation type's, or for a mixed phase the
 *     value from the READ and UPDATE HdrHistogram logs added together
 * @param hitRatio the memory-tier hit ratio: [TIER] DramHitRatio (embedded store) or keyspace hits /
 *     (hits + misses) (remote target)
 * @param hitSource {@code TIER} (the embedded store's [TIER]), {@code SERVER} (a remote server's
 *     [SERVER] section: INFO at the start and end of the measured phase), {@code INFO} (INFO around the
 *     phase's process, for a report without [SERVER]) or null
 * @param runtimeMs the measured run time, [OVERALL] RunTime(ms), warm-up not included
 * @param warmup the phase's warm-up from its [WARMUP] section, not measured; null: none
 * @param details further per-phase figures (INFO deltas, [TIER] counts, how a Load settled, why the
 *     warm-up ended), name to value, sorted
 * @param files the phase's raw output and HdrHistogram logs, relative to the results directory
 */
public record PhaseResult(String target, String group, String phase, long operations, double throughput,
    Double avgUs, Double p99Us, Double readAvgUs, Double readP99Us, Double updateAvgUs, Double updateP99Us,
    Double hitRatio, String hitSource, long runtimeMs, Warmup warmup, Map<String, String> details,
    List<String> files) {
  /** Details {@code p99.READ-DRAM} and {@code p99.READ-PERSISTENT}: the embedded store's read p99 by tier (us). */
  public static final String TIER_P99_PREFIX = "p99.";
  /**
   * Details {@code second.min} and {@code second.max}: the lowest and highest throughput of the
   * measured phase's whole one-second timeline rows (ops/s), how far the machine moves the rate
   * from one second to the next (kept in summary.json's details; the tables' intervals come from
   * the rounds).
   */
  public static final String SECOND_MIN = "second.min";
  public static final String SECOND_MAX = "second.max";


  public PhaseResult {
    details = Collections.unmodifiableMap(new TreeMap<>(details));
    files = List.copyOf(files);
  }

  /** The same figures with other details. */
  public PhaseResult withDetails(Map<String, String> other) {
    return new PhaseResult(target, group, phase, operations, throughput, avgUs, p99Us, readAvgUs, readP99Us,
        updateAvgUs, updateP99Us, hitRatio, hitSource, runtimeMs, warmup, other, files);
  }

  /**
   * A warm-up: its run time ([WARMUP] RunTime(ms)) and the operations done in it ([WARMUP]
   * Operations), none of them in the phase's other figures.
   */
  public record Warmup(long runtimeMs, long operations) {
  }
}
