package io.github.ycsbtiers.suite.curve;

import io.github.ycsbtiers.suite.search.SearchOutcome;
import java.util.List;

/**
 * The finished curve of one run phase against one target.
 *
 * @param target the target's name
 * @param group the scenario's group, e.g. {@code 1:4}
 * @param phase the phase, e.g. {@code uniform-read}
 * @param kneeFactor the knee's factor ({@link Knee})
 * @param steps the saturation run first, then the open-loop steps in the order run (ascending rate)
 * @param search with {@code --slo}: the search that went on from the curve's steps (its first steps
 *     are the curve's, judged against the bound), else null
 * @param wallSeconds how long the curve took on the wall clock, every step's process and warm-up
 *     included (the search after it not); -1 when unknown
 */
public record Curve(String target, String group, String phase, double kneeFactor, List<CurveStep> steps,
    SearchOutcome search, long wallSeconds) {

  public Curve {
    steps = List.copyOf(steps);
  }

  /** A curve whose wall-clock time is not known. */
  public Curve(String target, String group, String phase, double kneeFactor, List<CurveStep> steps,
      SearchOutcome search) {
    this(target, group, phase, kneeFactor, steps, search, -1);
  }

  /** E.g. {@code 9 steps in 2:05}; empty when the time is unknown. */
  public String cost() {
    return wallSeconds < 0 ? "" : String.format(java.util.Locale.ROOT, "%d steps in %d:%02d", steps.size(),
        wallSeconds / 60, wallSeconds % 60);
  }

  /** The knee step, or null. */
  public CurveStep knee() {
    return Knee.of(steps, kneeFactor);
  }

  /** The open-loop steps, ascending. */
  public List<CurveStep> openLoop() {
    return steps.stream().filter(s -> !s.saturation()).toList();
  }

  /** The saturation run, or null when it is missing. */
  public CurveStep saturation() {
    return steps.stream().filter(CurveStep::saturation).findFirst().orElse(null);
  }
}
