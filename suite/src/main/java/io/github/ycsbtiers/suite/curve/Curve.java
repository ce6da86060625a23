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
 */
public record Curve(String target, String group, String phase, double kneeFactor, List<CurveStep> steps,
    SearchOutcome search) {

  public Curve {
    steps = List.copyOf(steps);
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
