package io.github.ycsbtiers.suite.curve;

import java.util.List;
import java.util.Locale;

/**
 * Where queueing starts on a curve. The lowest open-loop step (the lowest offered rate) is the
 * baseline: at a tenth of the saturation throughput the store is nearly idle and its intended p99 is
 * the service time plus the client's timer jitter. The knee is the first open-loop step, in order of
 * offered rate, whose intended p99 exceeds {@code factor} times the baseline's. The saturation run is
 * never the knee: it is closed-loop, with no schedule to fall behind. A curve whose baseline has no
 * intended p99 has no knee.
 */
public final class Knee {
  private Knee() {
  }

  /** The knee step of {@code steps} (in any order), or null when no step exceeds the factor. */
  public static CurveStep of(List<CurveStep> steps, double factor) {
    List<CurveStep> open = steps.stream().filter(s -> !s.saturation())
        .sorted((a, b) -> Double.compare(a.offered(), b.offered())).toList();
    if (open.isEmpty() || !(open.get(0).intended().p99() > 0)) {
      return null;
    }
    double limit = factor * open.get(0).intended().p99();
    for (CurveStep s : open) {
      if (s.intended().p99() > limit) {
        return s;
      }
    }
    return null;
  }

  /** One line: where the knee is and why, or that there is none. */
  public static String describe(List<CurveStep> steps, double factor) {
    List<CurveStep> open = steps.stream().filter(s -> !s.saturation())
        .sorted((a, b) -> Double.compare(a.offered(), b.offered())).toList();
    if (open.isEmpty()) {
      return "no open-loop step";
    }
    CurveStep base = open.get(0);
    if (!(base.intended().p99() > 0)) {
      return "no knee: the lowest step (" + base.label() + ") has no intended p99";
    }
    CurveStep knee = of(steps, factor);
    if (knee == null) {
      return String.format(Locale.ROOT, "no knee up to %s: every intended p99 within %s x the lowest step's (%s, %,.0f us)",
          open.get(open.size() - 1).label(), num(factor), base.label(), base.intended().p99());
    }
    return String.format(Locale.ROOT, "knee at %s (%,.0f ops/s achieved): intended p99 %,.0f us > %s x %,.0f us at %s",
        knee.label(), knee.achieved(), knee.intended().p99(), num(factor), base.intended().p99(), base.label());
  }

  static String num(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : String.valueOf(d);
  }
}
