package io.github.ycsbtiers.suite.report;

/** How summary.md lays out a target's table. */
public enum TableLayout {
  /** One row per group and phase (tier-ratio: 2 ratios x 4 phases = 8 rows). */
  PHASE_ROWS,
  /** One row per group, the phases' QPS and p99 side by side (value-size: one row per value size). */
  GROUP_ROWS
}
