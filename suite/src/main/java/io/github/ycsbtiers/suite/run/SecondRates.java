package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The lowest and highest throughput of a phase's measured seconds, from its timeline (one row a
 * second): {@link PhaseResult#SECOND_MIN} and {@link PhaseResult#SECOND_MAX}. Only whole rows
 * count (the last row of a phase is a fraction of a second); a phase with no timeline, or none of
 * its own (several clients write one each), or fewer than two whole measured rows has none.
 */
final class SecondRates {
  private SecondRates() {
  }

  static Map<String, String> of(Path dir, List<String> files) {
    List<String> timelines = files.stream().filter(f -> f.endsWith(TimelineFile.SUFFIX)).toList();
    if (timelines.size() != 1 || !Files.isRegularFile(dir.resolve(timelines.get(0)))) {
      return Map.of();
    }
    double[] rates;
    try {
      rates = TimelineFile.read(dir.resolve(timelines.get(0))).measuredRates();
    } catch (IOException | RuntimeException e) {
      return Map.of(); // a damaged timeline costs the spread, not the phase's figures
    }
    if (rates.length < 2) {
      return Map.of();
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double r : rates) {
      min = Math.min(min, r);
      max = Math.max(max, r);
    }
    return Map.of(PhaseResult.SECOND_MIN, String.valueOf(min), PhaseResult.SECOND_MAX, String.valueOf(max));
  }
}
