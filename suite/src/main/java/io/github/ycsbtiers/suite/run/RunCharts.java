package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.capacity.CapacityReport;
import io.github.ycsbtiers.suite.curve.CurveReport;
import io.github.ycsbtiers.suite.ramp.RampReport;
import io.github.ycsbtiers.suite.report.ChartFiles;
import io.github.ycsbtiers.suite.report.Charts;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.search.SearchReport;
import io.github.ycsbtiers.suite.timeline.TimelineCharts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every chart and step file of a run, drawn before the report is built: the phases' timelines, the
 * connection ramps', capacity curves' and searches' files and charts, and the summary's charts. What
 * was drawn and what was not is part of the report (the timeline links, the failed outputs).
 *
 * @param timelines the timeline charts written, relative to the results directory
 * @param stepTimelines a phase's or step's raw report to its timeline chart
 * @param skipped the charts not rendered: failed outputs of their phases
 * @param capacity the capacity read from each profiled phase, and its chart
 */
record RunCharts(Set<String> timelines, Map<String, String> stepTimelines, List<String> skipped,
    List<CapacityReport.Entry> capacity) {

  static RunCharts draw(Summary summary, Results results, PrintStream err) {
    Path dir = results.dir();
    List<String> skipped = new ArrayList<>();
    Set<String> timelines = new HashSet<>();
    try {
      ChartFiles t = TimelineCharts.write(summary, dir);
      timelines.addAll(t.written());
      skipped.addAll(t.skipped());
    } catch (IOException | RuntimeException e) {
      err.println("warning: timeline charts not written: " + e);
      skipped.add("charts/timeline-* (" + e + ")");
    }
    Map<String, String> stepTimelines = new HashMap<>();
    for (PhaseResult r : summary.results()) {
      for (String f : r.files()) {
        String chart = TimelineCharts.chartOf(f, timelines);
        if (chart != null) {
          stepTimelines.put(f, chart);
        }
      }
    }
    if (!results.ramps().isEmpty()) {
      attempt("ramp report", "charts/ramp-*", () -> RampReport.write(results.ramps(), dir), skipped, err);
    }
    if (!results.curves().isEmpty()) {
      attempt("curve report", "charts/curve-*", () -> CurveReport.write(results.curves(), dir), skipped, err);
    }
    if (!results.searches().isEmpty()) {
      attempt("search report", "charts/search-*", () -> SearchReport.write(results.searches(), dir, stepTimelines),
          skipped, err);
    }
    List<CapacityReport.Entry> capacity = new ArrayList<>();
    try {
      capacity.addAll(CapacityReport.write(summary, results.curves(), dir, skipped));
    } catch (IOException | RuntimeException e) {
      err.println("warning: capacity charts not written: " + e);
      skipped.add("charts/capacity-* (" + e + ")");
    }
    attempt("charts", "charts/qps, p99 and percentiles-*", () -> Charts.write(summary, dir), skipped, err);
    return new RunCharts(Set.copyOf(timelines), Map.copyOf(stepTimelines), List.copyOf(skipped),
        List.copyOf(capacity));
  }

  /** Something that writes charts. */
  private interface Drawing {
    ChartFiles draw() throws IOException;
  }

  /**
   * Runs {@code drawing}, adding the charts it skipped to {@code skipped}; when it fails, says so and
   * counts {@code charts} as not rendered: the results are written all the same.
   */
  private static void attempt(String what, String charts, Drawing drawing, List<String> skipped, PrintStream err) {
    try {
      skipped.addAll(drawing.draw().skipped());
    } catch (IOException | RuntimeException e) {
      err.println("warning: " + what + " not fully written: " + e);
      skipped.add(charts + " (" + e + ")");
    }
  }
}
