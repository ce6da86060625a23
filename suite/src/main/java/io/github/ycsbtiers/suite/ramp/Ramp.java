package io.github.ycsbtiers.suite.ramp;

import io.github.ycsbtiers.api.ramp.RampRule;
import io.github.ycsbtiers.suite.search.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One connection ramp of the suite: the api's {@link RampRule} (the rule {@code bin/ycsb -threads
 * auto} uses too: steps of 1, 2, 4, ... clients until two steps in a row each grow throughput by less
 * than {@code growth}, or one breaks the bound, or the maximum is reached; the best step within the
 * bound is chosen) with the suite's latency bound ({@link Slo}) and its steps' p99 and raw reports.
 * Not thread-safe.
 */
public final class Ramp {
  private final double growth;
  private final Slo slo;
  private final RampRule rule;
  private final List<RampStep> steps = new ArrayList<>();

  /**
   * @param growth the growth below which a step is weak, above 0 (0.10: 10%)
   * @param maxClients the most clients tried, at least 1
   * @param slo a latency bound each step must meet, or null
   */
  public Ramp(double growth, int maxClients, Slo slo) {
    this.rule = new RampRule(growth, maxClients, slo == null ? null : new RampRule.Bound(slo.describe(),
        slo.percentileName()));
    this.growth = growth;
    this.slo = slo;
  }

  public boolean done() {
    return rule.done();
  }

  /** The next step's clients. */
  public int nextClients() {
    return rule.nextClients();
  }

  /**
   * Records the step just run at {@link #nextClients()}.
   *
   * @param throughput measured operations per second
   * @param p99Us the step's p99 (-1: unknown)
   * @param boundLatencyUs the bound's percentile of the bound's latency (ignored without a bound)
   * @param report the step's raw report
   */
  public RampStep record(double throughput, double p99Us, double boundLatencyUs, String report) {
    boolean met = slo == null || boundLatencyUs >= 0 && slo.met(boundLatencyUs);
    RampRule.Step s = rule.record(throughput, boundLatencyUs, met);
    RampStep step = new RampStep(s.clients(), s.throughput(), s.growth(), p99Us, s.boundLatencyUs(), s.met(), report);
    steps.add(step);
    return step;
  }

  /** The chosen count; call once {@link #done()}. */
  public int chosen() {
    return rule.chosen();
  }

  /** Why the ramp stopped; null while it runs. */
  public String stop() {
    return rule.stop();
  }

  public List<RampStep> steps() {
    return List.copyOf(steps);
  }

  /** The outcome; call once {@link #done()}. */
  public RampOutcome outcome(String target, String group, String phase) {
    return new RampOutcome(target, group, phase, growth, slo, steps, chosen(),
        String.format(Locale.ROOT, "%d clients (%s; kept: %s)", chosen(), stop(), rule.choice()));
  }
}
