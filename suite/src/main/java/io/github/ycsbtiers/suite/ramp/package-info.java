/**
 * The connection ramp ({@code bin/ycsb-suite --connections auto}): one ramp ({@link
 * io.github.ycsbtiers.suite.ramp.Ramp}: the api's stop rule, shared with {@code bin/ycsb -threads auto},
 * with the suite's latency bound), the steps and outcome of one ramp, and their report (a table per
 * phase in summary.md, ramp.csv, ramp.json and a throughput-against-clients chart per phase). Pure
 * logic and reporting: the {@code run} package runs the steps and feeds the results in.
 */
package io.github.ycsbtiers.suite.ramp;
