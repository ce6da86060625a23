/**
 * The connection ramp ({@code bin/ycsb-suite --connections auto}): the stop rule that finds a run
 * phase's client count from closed-loop steps of 1, 2, 4, ... logical clients ({@link
 * io.github.ycsbtiers.suite.ramp.Ramp}), the steps and outcome of one ramp, and their report (a table
 * per phase in summary.md, ramp.csv, ramp.json and a throughput-against-clients chart per phase).
 * Pure logic and reporting: the {@code run} package runs the steps and feeds the results in.
 */
package io.github.ycsbtiers.suite.ramp;
