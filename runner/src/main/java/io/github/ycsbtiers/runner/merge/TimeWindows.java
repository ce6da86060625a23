package io.github.ycsbtiers.runner.merge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The total length of a union of time windows: overlaps count once, gaps not at all. */
final class TimeWindows {
  private TimeWindows() {
  }

  /** @param windows {start, end} pairs in milliseconds */
  static long unionMillis(List<long[]> windows) {
    List<long[]> sorted = new ArrayList<>(windows);
    sorted.sort(Comparator.comparingLong(w -> w[0]));
    long total = 0;
    long start = Long.MIN_VALUE;
    long end = Long.MIN_VALUE;
    for (long[] w : sorted) {
      if (w[0] > end) {
        if (end > start) {
          total += end - start;
        }
        start = w[0];
        end = w[1];
      } else {
        end = Math.max(end, w[1]);
      }
    }
    if (end > start) {
      total += end - start;
    }
    return total;
  }
}
