package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.capacity.CapacityReport;
import io.github.ycsbtiers.suite.curve.CurveReport;
import io.github.ycsbtiers.suite.ramp.RampReport;
import io.github.ycsbtiers.suite.report.NodeReport;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.search.SearchReport;
import io.github.ycsbtiers.suite.timeline.TimelineCharts;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one place that builds a run's sections after the tables, in the order every rendering shows
 * them: per-node QPS, connection ramps, capacity curves, latency-bound searches, timelines, failed
 * outputs; each from the results and what {@link RunCharts} drew.
 */
final class ReportSections {
  private ReportSections() {
  }

  static List<Section> of(Summary summary, Results results, RunCharts drawn) {
    List<Section> sections = new ArrayList<>();
    Stream.of(NodeReport.section(summary), RampReport.section(results.ramps(), drawn.stepTimelines()),
        CurveReport.section(results.curves(), drawn.stepTimelines()), CapacityReport.section(drawn.capacity()),
        SearchReport.section(results.searches(), drawn.stepTimelines()),
        TimelineCharts.section(summary, drawn.timelines()),
        drawn.skipped().isEmpty() ? null : FailedOutputs.section(drawn.skipped()))
        .filter(s -> s != null).forEach(sections::add);
    return sections;
  }
}
