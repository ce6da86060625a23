/**
 * The capacity curve ({@code bin/ycsb-suite --curve}): the steps of one run phase against one target
 * (the closed-loop saturation run, then open-loop steps at fractions of its throughput, each with
 * intended and measured latency percentiles, send lateness and client CPU), the knee rule, and their
 * report (a table per phase in summary.md, curve.csv, curve.json and a latency-against-throughput chart
 * per phase). Pure logic and reporting: the {@code run} package runs the steps and feeds the results in.
 */
package io.github.ycsbtiers.suite.curve;
