package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.stats.BatchMeans;
import io.github.ycsbtiers.suite.stats.GeometricMean;
import io.github.ycsbtiers.suite.stats.Interval;
import io.github.ycsbtiers.suite.stats.PermutationTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every cell two results directories share, each figure tested. A cell is a target's group and
 * phase (targets matched by name; two runs of one target each are matched whatever their names).
 * The test: a permutation test of the difference of means on the per-round values when the rounds
 * can reach significance (smallest possible p below {@link CellComparison#LEVEL}: 4 and 4 rounds,
 * or 3 and 4); otherwise, for throughput, the same test on batch means of the measured seconds
 * ({@link BatchMeans}) when both runs' phases have timelines; otherwise the per-round test all the
 * same, which then cannot be significant, and says so.
 */
public record Comparison(ResultDir before, ResultDir after, List<CellComparison> cells, List<String> onlyInOld,
    List<String> onlyInNew) {

  public Comparison {
    cells = List.copyOf(cells);
    onlyInOld = List.copyOf(onlyInOld);
    onlyInNew = List.copyOf(onlyInNew);
  }

  public static Comparison of(ResultDir before, ResultDir after) {
    Map<String, String> names = new LinkedHashMap<>();
    for (String t : before.targets()) {
      if (after.targets().contains(t)) {
        names.put(t, t);
      }
    }
    if (names.isEmpty() && before.targets().size() == 1 && after.targets().size() == 1) {
      names.put(before.targets().get(0), after.targets().get(0));
    }
    Map<String, List<ResultDir.Phase>> old = byCell(before.results(), names);
    Map<String, List<ResultDir.Phase>> neu = byCell(after.results(), null);
    List<CellComparison> cells = new ArrayList<>();
    List<String> onlyInOld = new ArrayList<>();
    for (Map.Entry<String, List<ResultDir.Phase>> e : old.entrySet()) {
      List<ResultDir.Phase> b = neu.get(e.getKey());
      if (b == null) {
        onlyInOld.add(e.getKey().replace('\u0000', ' '));
        continue;
      }
      for (Figure f : Figure.values()) {
        CellComparison c = compare(before, e.getValue(), after, b, f);
        if (c != null) {
          cells.add(c);
        }
      }
    }
    List<String> onlyInNew = new ArrayList<>();
    for (String k : neu.keySet()) {
      if (!old.containsKey(k)) {
        onlyInNew.add(k.replace('\u0000', ' '));
      }
    }
    return new Comparison(before, after, cells, onlyInOld, onlyInNew);
  }

  /** The phases by cell; with {@code names}, keyed by the other run's name of each target and others left out. */
  private static Map<String, List<ResultDir.Phase>> byCell(List<ResultDir.Phase> phases, Map<String, String> names) {
    Map<String, List<ResultDir.Phase>> cells = new LinkedHashMap<>();
    for (ResultDir.Phase p : phases) {
      String target = names == null ? p.target() : names.getOrDefault(p.target(), p.target());
      cells.computeIfAbsent(target + "\u0000" + p.group() + "\u0000" + p.phase(), k -> new ArrayList<>()).add(p);
    }
    return cells;
  }

  private static CellComparison compare(ResultDir before, List<ResultDir.Phase> a, ResultDir after,
      List<ResultDir.Phase> b, Figure f) {
    double[] x = values(a, f);
    double[] y = values(b, f);
    if (x.length == 0 || y.length == 0) {
      return null;
    }
    return new CellComparison(a.get(0).target(), b.get(0).target(), a.get(0).group(), a.get(0).phase(), f,
        mean(x), mean(y), test(before, a, x, after, b, y, f));
  }

  static CellTest test(ResultDir before, List<ResultDir.Phase> a, double[] x, ResultDir after,
      List<ResultDir.Phase> b, double[] y, Figure f) {
    PermutationTest.Result rounds = PermutationTest.test(x, y);
    CellTest byRounds = new CellTest(false, x.length, y.length, rounds.p(), rounds.smallestP(), rounds.exact(), 0,
        Double.NaN, null);
    if (rounds.smallestP() < CellComparison.LEVEL || f != Figure.THROUGHPUT) {
      return byRounds;
    }
    List<double[]> secondsA = seconds(before, a);
    List<double[]> secondsB = seconds(after, b);
    if (secondsA == null || secondsB == null) {
      return withNote(byRounds, "no per-second timelines");
    }
    BatchMeans.Batches batches = BatchMeans.of(secondsA, secondsB);
    if (batches.failure() != null) {
      return withNote(byRounds, "seconds not used: " + batches.failure());
    }
    PermutationTest.Result s = PermutationTest.test(batches.a(), batches.b());
    return new CellTest(true, batches.a().length, batches.b().length, s.p(), s.smallestP(), s.exact(),
        batches.seconds(), batches.autocorrelation(), null);
  }

  private static CellTest withNote(CellTest t, String note) {
    return new CellTest(t.seconds(), t.oldSamples(), t.newSamples(), t.p(), t.smallestP(), t.exact(),
        t.batchSeconds(), t.autocorrelation(), note);
  }

  /** Each phase's measured seconds; null when one of them has no timeline of its own. */
  private static List<double[]> seconds(ResultDir dir, List<ResultDir.Phase> phases) {
    List<double[]> out = new ArrayList<>();
    for (ResultDir.Phase p : phases) {
      double[] s = dir.seconds(p);
      if (s == null) {
        return null;
      }
      out.add(s);
    }
    return out;
  }

  private static double[] values(List<ResultDir.Phase> phases, Figure f) {
    return phases.stream().map(f::of).filter(v -> v != null && !v.isNaN()).mapToDouble(Double::doubleValue)
        .toArray();
  }

  /** The geometric mean and its interval; the plain mean, without one, for a figure of 0. */
  private static Interval mean(double[] v) {
    Interval g = GeometricMean.of(v);
    return g != null ? g
        : Interval.unbounded(java.util.Arrays.stream(v).average().orElse(Double.NaN), v.length, GeometricMean.LEVEL);
  }
}
