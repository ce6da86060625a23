/**
 * {@code ycsb-suite}: runs a white paper's test matrix (a scenario) against one or more targets by
 * starting {@code bin/ycsb} once per phase, and writes the papers' tables and charts.
 * {@link io.github.ycsbtiers.suite.Main} is the entry point; dependencies go one way:
 * {@code cli} and {@code scenario} describe what to run, {@code run} runs it with {@code probe},
 * {@code report} renders results and imports none of the others but {@code stats} (intervals and
 * tests on plain numbers, importing nothing); {@code compare} reads two results directories'
 * summary.json and tests every cell they share.
 */
package io.github.ycsbtiers.suite;
