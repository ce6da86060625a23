package io.github.ycsbtiers.suite.report;

import io.github.ycsbtiers.suite.stats.GeometricMean;
import io.github.ycsbtiers.suite.stats.Interval;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What a run's rounds say ({@code --rounds R}), the one model that summary.md, .csv and .json show
 * of them. For each target's cell (group and phase): the geometric mean of its throughput and of its
 * p99 over the rounds, each with a 95% interval ({@link GeometricMean}: Student t on the
 * logarithms). For each side-by-side ratio (the first target's throughput over another's): the
 * rounds are paired by their number (round r of both targets), the per-round ratios taken as one
 * sample, and the estimate is their geometric mean (the ratio of the two geometric means over the
 * paired rounds) with its interval; a ratio is <em>different</em> only when its interval excludes 1.
 * With fewer than {@link GeometricMean#MIN_SAMPLES} rounds there is an estimate and no interval. A
 * phase that ran once (a Load without {@code --reload}, a run of one round) is round 0 of every
 * target and pairs with the other's.
 */
public final class RoundFigures {
  /**
   * A target's cell over its rounds.
   *
   * @param throughput operations per second; null when no round has a positive figure
   * @param p99Us the p99 in microseconds; null likewise (a phase without one, or a p99 of 0)
   */
  public record Cell(String target, String group, String phase, int rounds, Interval throughput, Interval p99Us) {
  }

  /**
   * The ratio of the first target's throughput ({@code numerator}) over another's, from the rounds
   * both have; {@code ratio} is null when they share none with positive throughputs.
   */
  public record Ratio(String numerator, String denominator, String group, String phase, Interval ratio) {
    /** Whether the interval excludes 1: a measured difference. No interval, no difference. */
    public boolean different() {
      return ratio != null && ratio.excludes(1);
    }
  }

  private final Map<String, Cell> cells = new LinkedHashMap<>();
  private final Map<String, Ratio> ratios = new LinkedHashMap<>();

  private RoundFigures() {
  }

  /** The figures of every cell and every ratio of {@code s}, in first-run order. */
  public static RoundFigures of(Summary s) {
    RoundFigures f = new RoundFigures();
    String first = s.targets().isEmpty() ? null : s.targets().get(0).name();
    for (Map<String, List<PhaseResult>> byTarget : SideBySide.roundsByCell(s).values()) {
      for (List<PhaseResult> rounds : byTarget.values()) {
        PhaseResult any = rounds.get(0);
        f.cells.put(key(any.target(), any.group(), any.phase()), new Cell(any.target(), any.group(), any.phase(),
            rounds.size(), interval(rounds, PhaseResult::throughput), interval(rounds, PhaseResult::p99Us)));
      }
      List<PhaseResult> base = byTarget.get(first);
      if (base == null) {
        continue;
      }
      for (Summary.Target t : s.targets().subList(1, s.targets().size())) {
        List<PhaseResult> other = byTarget.get(t.name());
        if (other != null) {
          PhaseResult any = other.get(0);
          f.ratios.put(key(t.name(), any.group(), any.phase()),
              new Ratio(first, t.name(), any.group(), any.phase(), pairedRatio(base, other)));
        }
      }
    }
    return f;
  }

  /** A target's cell; null when the target has no result there. */
  public Cell cell(String target, String group, String phase) {
    return cells.get(key(target, group, phase));
  }

  /** The first target's ratio over {@code denominator} in a cell; null when either has no result there. */
  public Ratio ratio(String denominator, String group, String phase) {
    return ratios.get(key(denominator, group, phase));
  }

  public List<Cell> cells() {
    return List.copyOf(cells.values());
  }

  public List<Ratio> ratios() {
    return List.copyOf(ratios.values());
  }

  /** The geometric mean of {@code figure} over the rounds that have it, and its interval; null if none is positive. */
  static Interval interval(List<PhaseResult> rounds, Function<PhaseResult, Double> figure) {
    List<Double> values = new ArrayList<>();
    for (PhaseResult r : rounds) {
      Double v = figure.apply(r);
      if (v != null && !v.isNaN()) {
        values.add(v);
      }
    }
    return GeometricMean.of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** Round r of {@code a} over round r of {@code b}, for every r both have, as one sample. */
  static Interval pairedRatio(List<PhaseResult> a, List<PhaseResult> b) {
    Map<Integer, PhaseResult> byRound = new TreeMap<>();
    for (PhaseResult r : b) {
      byRound.put(round(r), r);
    }
    List<double[]> pairs = new ArrayList<>();
    for (PhaseResult r : a) {
      PhaseResult other = byRound.get(round(r));
      if (other != null && r.throughput() > 0 && other.throughput() > 0) {
        pairs.add(new double[] {r.throughput(), other.throughput()});
      }
    }
    return GeometricMean.ofRatios(pairs.stream().mapToDouble(p -> p[0]).toArray(),
        pairs.stream().mapToDouble(p -> p[1]).toArray());
  }

  /** A result's round ({@link Rounds#ROUND} detail), 0 for a phase that ran once. */
  static int round(PhaseResult r) {
    String v = r.details().get(Rounds.ROUND);
    return v == null ? 0 : Integer.parseInt(v);
  }

  private static String key(String target, String group, String phase) {
    return target + "\u0000" + group + "\u0000" + phase;
  }
}
