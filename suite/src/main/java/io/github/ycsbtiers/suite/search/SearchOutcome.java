package io.github.ycsbtiers.suite.search;

import java.util.List;

/**
 * The finished search of one configuration (target, group, phase).
 *
 * @param target the target's name
 * @param group the scenario's group, e.g. {@code 85% hit}
 * @param phase the phase searched, e.g. {@code set:get 1:1}
 * @param slo the bound
 * @param precision the relative precision the bisection stopped at
 * @param steps every step in the order run
 * @param chosen the step whose rate is the answer; null when no step met the bound
 * @param verdict one line saying what was found and why the search stopped
 */
public record SearchOutcome(String target, String group, String phase, Slo slo, double precision,
    List<SearchStep> steps, SearchStep chosen, String verdict) {

  public SearchOutcome {
    steps = List.copyOf(steps);
  }

  /** The chosen rate in operations per second: the step's -target, or the ceiling's throughput; 0 when none. */
  public double chosenRate() {
    if (chosen == null) {
      return 0;
    }
    return chosen.ceiling() ? chosen.throughput() : chosen.targetRate();
  }

  /**
   * The lowest step above the chosen rate that failed (the next step up), or the ceiling run when
   * it failed and nothing between was tried; null when the ceiling itself was chosen.
   */
  public SearchStep nextStepUp() {
    if (chosen == null || chosen.ceiling()) {
      return null;
    }
    SearchStep best = null;
    for (SearchStep s : steps) {
      if (s.met() || s.ceiling()) {
        continue;
      }
      if (s.targetRate() > chosen.targetRate() && (best == null || s.targetRate() < best.targetRate())) {
        best = s;
      }
    }
    return best != null ? best : steps.get(0);
  }
}
