/**
 * {@code bin/ycsb-suite compare OLD_DIR NEW_DIR}: reads two results directories' summary.json (and
 * the timelines they name), compares every cell both have (QPS and p99 of a target's group and
 * phase) with a permutation test on the per-round values or on batch means of the per-second
 * throughputs, and writes a Markdown table and a JSON file ({@code ycsb-suite-compare/1}, specified
 * in {@link io.github.ycsbtiers.suite.compare.CompareJson}).
 */
package io.github.ycsbtiers.suite.compare;
