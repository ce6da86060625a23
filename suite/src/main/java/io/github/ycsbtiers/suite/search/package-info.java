/**
 * The latency-bound search ({@code bin/ycsb-suite --slo 'p99<1ms'}): the bound ({@link
 * io.github.ycsbtiers.suite.search.Slo}), the bisection on {@code -target} that finds the highest
 * rate meeting it ({@link io.github.ycsbtiers.suite.search.Bisection}), the steps and outcome of one
 * search, and their report (tables, JSON and a throughput-versus-latency chart per configuration).
 * Pure logic and reporting: the {@code run} package runs the phases and feeds the results in.
 */
package io.github.ycsbtiers.suite.search;
