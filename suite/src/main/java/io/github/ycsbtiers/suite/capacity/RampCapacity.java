package io.github.ycsbtiers.suite.capacity;

import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The capacity curve of one profiled phase, read from its timeline: a point per whole measured row
 * (what the profile offered, what was achieved, the row's intended p99 over its operations, the
 * operations sent late), and the knee as {@code --curve} defines it, with rows for steps: the
 * baseline is the lowest intended p99 among the third of the rows with the lowest offered rates
 * (the first rows of a ramp are the JVM's first seconds: no warm-up runs under a profile), and the
 * knee is the first row, in order of offered rate, whose intended p99 and the next row's both exceed
 * {@code factor} times the baseline (two rows, so that one pause of the client is not a knee).
 *
 * @param knee the knee's point; null when no two rows exceed the factor
 */
public record RampCapacity(List<Point> points, double baselineP99Us, Point knee) {
  /** One row of the ramp. */
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
    List<Point> byRate = points.stream().sorted(Comparator.comparingDouble(Point::offered)).toList();
    double baseline = byRate.subList(0, Math.max(1, byRate.size() / 3)).stream()
        .mapToDouble(Point::intendedP99Us).min().orElse(Double.NaN);
    Point knee = null;
    for (int i = 0; i + 1 < byRate.size(); i++) {
      if (byRate.get(i).intendedP99Us() > factor * baseline && byRate.get(i + 1).intendedP99Us() > factor * baseline) {
        knee = byRate.get(i);
        break;
      }
    }
    return new RampCapacity(points, baseline, knee);
  }

  /** The highest rate achieved in any row. */
  public double peakAchieved() {
    return points.stream().mapToDouble(Point::achieved).max().orElse(0);
  }
}
