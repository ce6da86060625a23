package io.github.ycsbtiers.runner.profile;

/**
 * One piece of a rate profile: a rate in operations per second over {@link #seconds()} seconds,
 * with its cumulative count {@link #opsBy} (operations due in its first {@code t} seconds) and
 * the inverse {@link #timeOf}. A staircase and a trace are made of these (constants and ramps).
 */
sealed interface Segment {
  double seconds();

  /** Operations due in the first {@code t} seconds of the segment, {@code 0 <= t <= seconds()}. */
  double opsBy(double t);

  /** The time, from the segment's start, by which {@code ops} operations are due ({@code 0 <= ops <= opsBy(seconds())}). */
  double timeOf(double ops);

  /** The highest rate of the segment. */
  double peak();

  /** The rate at {@code t} seconds into the segment. */
  double rateAt(double t);

  /** {@code rate} operations per second, constant. */
  record Constant(double rate, double seconds) implements Segment {
    @Override
    public double opsBy(double t) {
      return rate * t;
    }

    @Override
    public double timeOf(double ops) {
      return ops <= 0 ? 0 : ops / rate;
    }

    @Override
    public double peak() {
      return rate;
    }

    @Override
    public double rateAt(double t) {
      return rate;
    }
  }

  /** From {@code from} to {@code to} operations per second, linearly. */
  record Ramp(double from, double to, double seconds) implements Segment {
    @Override
    public double opsBy(double t) {
      return from * t + (to - from) * t * t / (2 * seconds);
    }

    /** The root of {@code from t + (to - from) t^2 / 2T = ops}, in the form that stays exact when to = from. */
    @Override
    public double timeOf(double ops) {
      if (ops <= 0) {
        return 0;
      }
      double disc = from * from + 2 * (to - from) * ops / seconds;
      return 2 * ops / (from + Math.sqrt(Math.max(0, disc)));
    }

    @Override
    public double peak() {
      return Math.max(from, to);
    }

    @Override
    public double rateAt(double t) {
      return from + (to - from) * t / seconds;
    }
  }

  /**
   * {@code mean + amplitude * sin(2 pi t / period)} operations per second ({@code amplitude <= mean}):
   * the count is {@code mean t + amplitude period / 2 pi (1 - cos(2 pi t / period))}, inverted by
   * Newton's method kept inside a bracket.
   */
  record Sine(double mean, double amplitude, double period, double seconds) implements Segment {
    @Override
    public double opsBy(double t) {
      double w = 2 * Math.PI / period;
      return mean * t + amplitude / w * (1 - Math.cos(w * t));
    }

    @Override
    public double timeOf(double ops) {
      if (ops <= 0) {
        return 0;
      }
      double lo = ops / (mean + amplitude);
      double hi = mean > amplitude ? Math.min(seconds, ops / (mean - amplitude)) : seconds;
      double t = Math.min(hi, Math.max(lo, ops / mean));
      for (int i = 0; i < 200 && hi - lo > 1e-12; i++) {
        double f = opsBy(t) - ops;
        if (f == 0) {
          return t;
        }
        if (f > 0) {
          hi = t;
        } else {
          lo = t;
        }
        double rate = rateAt(t);
        double next = rate > 0 ? t - f / rate : Double.NaN;
        if (Math.abs(next - t) < 1e-12) {
          return next;
        }
        t = next > lo && next < hi ? next : (lo + hi) / 2;
      }
      return t;
    }

    @Override
    public double peak() {
      return mean + amplitude;
    }

    @Override
    public double rateAt(double t) {
      return mean + amplitude * Math.sin(2 * Math.PI * t / period);
    }
  }
}
