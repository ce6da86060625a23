package io.github.ycsbtiers.suite.report;

import io.github.ycsbtiers.suite.stats.GeometricMean;
import io.github.ycsbtiers.suite.stats.Interval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rounds of one cell ({@code --rounds R}: every run phase measured R times) as the tables show
 * them. A throughput or p99 cell of {@value GeometricMean#MIN_SAMPLES} rounds or more reads
 * {@code mean (low–high)}: the geometric mean over the rounds and its 95% interval
 * ({@link RoundFigures}); other figures, and every figure of fewer rounds, read {@code min–max}
 * over the rounds (a single value when there was one round, or all rounds agree to the printed
 * digits). A side-by-side ratio reads {@code 8.20x (6.90–9.70)}: the geometric mean of the paired
 * per-round ratios and its 95% interval, followed by {@value #SAME} when the interval holds 1 (no
 * difference shown); {@code 1.20x (2 rounds: no interval)} below three rounds; {@code 2.28x} for a
 * phase that ran once.
 */
final class Rounds {
  static final String RANGE = "–";
  /** After a ratio whose interval holds 1. */
  static final String SAME = "~";
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

  /**
   * A throughput or p99 cell: {@code mean (low–high)} where {@code interval} has bounds, otherwise
   * the min–max over the rounds as {@link #range}.
   */
  static String figure(List<PhaseResult> rounds, Interval interval, Function<PhaseResult, Double> figure,
      Function<Double, String> format) {
    if (interval == null || !interval.bounded()) {
      return range(rounds, figure, format);
    }
    return format.apply(interval.estimate()) + " (" + format.apply(interval.low()) + RANGE
        + format.apply(interval.high()) + ")";
  }

  /** A side-by-side ratio cell; {@link Numbers#NONE} when the two targets share no round. */
  static String ratio(RoundFigures.Ratio r) {
    if (r == null || r.ratio() == null) {
      return Numbers.NONE;
    }
    Interval i = r.ratio();
    String estimate = Numbers.hundredths(i.estimate()) + "x";
    if (i.bounded()) {
      return estimate + " (" + Numbers.hundredths(i.low()) + RANGE + Numbers.hundredths(i.high()) + ")"
          + (r.different() ? "" : " " + SAME);
    }
    return i.samples() == 1 ? estimate : estimate + " (" + i.samples() + " rounds: no interval)";
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
