package io.github.ycsbtiers.suite.capacity;

import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The capacity curve of one profiled phase, read from its timeline: a point per whole measured row
 * (what the profile offered, what was achieved, the row's intended p99 over its operations, the
 * operations sent late), and the knee as {@code --curve} defines it, with bins of offered rate for
 * steps. A bin is {@value #BIN_FRACTION} of the highest offered rate wide and stands for its rows
 * with the median of their intended p99s: one second's p99 swings several times over below
 * saturation (a collection, a scheduling hiccup), where a step of {@code --curve}, seconds long,
 * smooths them, and a constant segment (the seconds at one rate before a ramp, the JVM's first:
 * no warm-up runs under a profile) is one bin, not a run of its slowest seconds. The baseline is
 * the lowest bin p99 among the third of the bins offered least; the knee is the first bin, in
 * order of offered rate, whose p99 and the next bin's both exceed {@code factor} times the
 * baseline (two, so that one pause of the client is not a knee).
 *
 * @param knee the knee's bin (mean offered and achieved rates, median intended p99, late operations
 *             summed); null when no two bins exceed the factor
 */
public record RampCapacity(List<Point> points, double baselineP99Us, Point knee) {
  /** The width of a bin, as a fraction of the highest offered rate. */
  static final double BIN_FRACTION = 0.05;

  /** One row of the ramp, or a bin of rows. */
  public record Point(double offered, double achieved, double intendedP99Us, double late) {
  }

  /** The ramp's points and knee; null for a timeline without profiled rows that have an intended p99. */
  public static RampCapacity of(TimelineFile timeline, double factor) {
    List<Point> points = new ArrayList<>();
    for (TimelineFile.Row r : timeline.rows()) {
      if (!r.warmup() && r.profiled() && r.seconds() >= TimelineFile.WHOLE_ROW_SECONDS
          && r.offeredPerSecond() > 0 && r.worstIntendedP99Us() > 0) {
        points.add(new Point(r.offeredPerSecond(), r.opsPerSecond(), r.worstIntendedP99Us(), r.late()));
      }
    }
    if (points.size() < 3) {
      return points.isEmpty() ? null : new RampCapacity(points, Double.NaN, null);
    }
    List<Point> bins = bins(points);
    double baseline = bins.subList(0, Math.max(1, bins.size() / 3)).stream()
        .mapToDouble(Point::intendedP99Us).min().orElse(Double.NaN);
    Point knee = null;
    for (int i = 0; i + 1 < bins.size(); i++) {
      if (bins.get(i).intendedP99Us() > factor * baseline && bins.get(i + 1).intendedP99Us() > factor * baseline) {
        knee = bins.get(i);
        break;
      }
    }
    return new RampCapacity(points, baseline, knee);
  }

  /** The points in bins of offered rate, in order of rate; empty bins left out. */
  static List<Point> bins(List<Point> points) {
    double width = BIN_FRACTION * points.stream().mapToDouble(Point::offered).max().orElse(1);
    Map<Long, List<Point>> byBin = new TreeMap<>();
    for (Point p : points) {
      byBin.computeIfAbsent((long) Math.floor(p.offered() / width), b -> new ArrayList<>()).add(p);
    }
    List<Point> bins = new ArrayList<>();
    for (List<Point> in : byBin.values()) {
      double[] p99 = in.stream().mapToDouble(Point::intendedP99Us).sorted().toArray();
      double median = p99.length % 2 == 1 ? p99[p99.length / 2] : (p99[p99.length / 2 - 1] + p99[p99.length / 2]) / 2;
      bins.add(new Point(in.stream().mapToDouble(Point::offered).average().orElse(0),
          in.stream().mapToDouble(Point::achieved).average().orElse(0), median,
          in.stream().mapToDouble(Point::late).sum()));
    }
    return bins;
  }

  /** The highest rate achieved in any row. */
  public double peakAchieved() {
    return points.stream().mapToDouble(Point::achieved).max().orElse(0);
  }
}
