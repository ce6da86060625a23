/**
 * Runs a scenario: one {@code bin/ycsb} child process per phase, settling after each Load,
 * INFO deltas or the [TIER] section per phase, progress with an ETA, and a partial summary when
 * interrupted. Results go to {@code results/<scenario>-<timestamp>/}.
 */
package io.github.ycsbtiers.suite.run;
