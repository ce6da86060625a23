package io.github.ycsbtiers.suite.ramp;

import io.github.ycsbtiers.suite.search.Slo;
import java.util.List;

/**
 * The finished ramp of one run phase against one target.
 *
 * @param target the target's name
 * @param group the scenario's group
 * @param phase the phase
 * @param growth the growth below which a step was weak (0.10: 10%); two weak steps in a row stopped the ramp
 * @param slo the latency bound the steps had to meet, or null
 * @param steps every step in the order run
 * @param chosen the client count the phase was then measured with
 * @param verdict one line: the count and why the ramp stopped
 */
public record RampOutcome(String target, String group, String phase, double growth, Slo slo, List<RampStep> steps,
    int chosen, String verdict) {

  public RampOutcome {
    steps = List.copyOf(steps);
  }

  /** The chosen step; null if the chosen count was not a step (it always is, unless there were none). */
  public RampStep chosenStep() {
    return steps.stream().filter(s -> s.clients() == chosen).findFirst().orElse(null);
  }
}
