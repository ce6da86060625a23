package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rounds of one cell ({@code --rounds R}: every run phase measured R times) as the tables show
 * them: a figure as {@code min–max} over the rounds (a single value when there was one round, or
 * all rounds agree to the printed digits), and a ratio of two targets' throughputs as the range
 * from the lowest to the highest it can be, marked {@code (within noise)} when the two targets'
 * ranges overlap: the ratio could then be 1 and its direction is not measured. A cell's range for
 * that mark also takes in the throughput of each measured second (the timeline's whole one-second
 * rows, every round): two rounds give two samples, and on a machine whose speed moves by half
 * from one second to the next, two targets that do the same work can have rounds that do not
 * overlap by chance (a third of the time with identical targets); their seconds do.
 */
final class Rounds {
  static final String RANGE = "–";
  static final String WITHIN_NOISE = " (within noise)";
  /** The detail a phase of a multi-round run carries: its round, from 1. */
  static final String ROUND = "round";

  private Rounds() {
  }

  /** Results of one target by (group, phase), in first-run order; a cell holds every round's result. */
  static Map<String, List<PhaseResult>> byCell(List<PhaseResult> results) {
    Map<String, List<PhaseResult>> cells = new LinkedHashMap<>();
    for (PhaseResult r : results) {
      cells.computeIfAbsent(r.group() + "\u0000" + r.phase(), k -> new ArrayList<>()).add(r);
    }
    return cells;
  }

  /** The figure over the rounds, each end printed by {@code format}; {@link Numbers#NONE} if no round has it. */
  static String range(List<PhaseResult> rounds, Function<PhaseResult, Double> figure, Function<Double, String> format) {
    double[] r = minMax(rounds, figure);
    if (r == null) {
      return Numbers.NONE;
    }
    String lo = format.apply(r[0]);
    String hi = format.apply(r[1]);
    return lo.equals(hi) ? lo : lo + RANGE + hi;
  }

  /** {@code a}'s throughput over {@code b}'s; with several rounds, its range and whether it is within noise. */
  static String ratio(List<PhaseResult> a, List<PhaseResult> b) {
    double[] x = minMax(a, PhaseResult::throughput);
    double[] y = minMax(b, PhaseResult::throughput);
    if (x == null || y == null || y[0] == 0) {
      return Numbers.NONE;
    }
    if (a.size() == 1 && b.size() == 1) {
      return Numbers.hundredths(x[0] / y[0]);
    }
    String lo = Numbers.hundredths(x[0] / y[1]);
    String hi = Numbers.hundredths(x[1] / y[0]);
    boolean overlap = overlap(x, y) || overlap(seconds(a, x), seconds(b, y));
    return (lo.equals(hi) ? lo : lo + RANGE + hi) + (overlap ? WITHIN_NOISE : "");
  }

  private static boolean overlap(double[] x, double[] y) {
    return x[0] <= y[1] && y[0] <= x[1];
  }

  /** The rounds' throughputs {@code phases} widened by their measured seconds' lowest and highest. */
  private static double[] seconds(List<PhaseResult> rounds, double[] phases) {
    double[] r = phases.clone();
    for (PhaseResult p : rounds) {
      String min = p.details().get(PhaseResult.SECOND_MIN);
      String max = p.details().get(PhaseResult.SECOND_MAX);
      if (min != null && max != null) {
        r[0] = Math.min(r[0], Double.parseDouble(min));
        r[1] = Math.max(r[1], Double.parseDouble(max));
      }
    }
    return r;
  }

  /** The smallest and largest value of {@code figure} over the rounds that have it; null if none does. */
  static double[] minMax(List<PhaseResult> rounds, Function<PhaseResult, Double> figure) {
    double[] r = null;
    for (PhaseResult p : rounds) {
      Double v = figure.apply(p);
      if (v != null && !v.isNaN()) {
        r = r == null ? new double[] {v, v} : new double[] {Math.min(r[0], v), Math.max(r[1], v)};
      }
    }
    return r;
  }
}
