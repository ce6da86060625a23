package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.stats.Interval;

/**
 * One figure of one cell in both runs.
 *
 * @param oldTarget the target's name in the old run
 * @param newTarget its name in the new run (the same, unless each run had one target of another name)
 * @param before the old run's geometric mean over its rounds (the interval when it had three or more)
 * @param after the new run's
 */
public record CellComparison(String oldTarget, String newTarget, String group, String phase, Figure figure,
    Interval before, Interval after, CellTest test) {
  /** The significance level of every test, two-sided. */
  public static final double LEVEL = 0.05;

  /** New over old, minus 1, in percent; null when the old figure is 0. */
  public Double changePercent() {
    return before.estimate() == 0 ? null : (after.estimate() / before.estimate() - 1) * 100;
  }

  public boolean significant() {
    return test.p() < LEVEL;
  }

  /** Whether the figure got significantly worse by more than {@code percent}. */
  public boolean regression(double percent) {
    Double change = changePercent();
    return significant() && change != null && (figure.higherIsBetter() ? change < -percent : change > percent);
  }
}
