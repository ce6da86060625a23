package io.github.ycsbtiers.suite.ramp;

/**
 * One closed-loop step of a ramp.
 *
 * @param clients the step's logical clients ({@code -threads}; on {@code redis} one connection each)
 * @param throughput the measured throughput, [OVERALL] Throughput(ops/sec)
 * @param growth the throughput over the previous step's, less 1 (0.25: 25% more); NaN for the first step
 * @param p99Us the p99 over every operation of the step (closed loop: measured from the send); -1 when unknown
 * @param boundLatencyUs with a bound: the bound's percentile of the bound's latency; -1 without
 * @param met whether the step met the bound; true without one
 * @param report the step's raw report, relative to the results directory
 */
public record RampStep(int clients, double throughput, double growth, double p99Us, double boundLatencyUs, boolean met,
    String report) {
}
