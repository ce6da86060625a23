package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.curve.CurveReport;
import io.github.ycsbtiers.suite.ramp.RampOutcome;
import io.github.ycsbtiers.suite.ramp.RampReport;
import io.github.ycsbtiers.suite.report.Section;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reports of the phases measured in steps other than the search's: the connection ramps and
 * the capacity curves, each a section of the summary (their steps linking their timelines) and
 * written as CSV, JSON and charts.
 */
final class StepReports {
  private StepReports() {
  }

  /** Writes them, adding their sections to {@code sections}; returns the charts not rendered (failed outputs). */
  static List<String> write(List<RampOutcome> ramps, List<Curve> curves, Path dir, Map<String, String> timelines,
      List<Section> sections, PrintStream err) throws IOException {
    List<String> skipped = new ArrayList<>();
    if (!ramps.isEmpty()) {
      RunOutputs.add(sections, RampReport.section(ramps, timelines));
      try {
        skipped.addAll(RampReport.write(ramps, dir).skipped());
      } catch (IOException | RuntimeException e) {
        err.println("warning: ramp report not fully written: " + e);
        skipped.add("charts/ramp-* (" + e + ")");
      }
    }
    if (!curves.isEmpty()) {
      RunOutputs.add(sections, CurveReport.section(curves, timelines));
      try {
        skipped.addAll(CurveReport.write(curves, dir).skipped());
      } catch (IOException | RuntimeException e) {
        err.println("warning: curve report not fully written: " + e);
        skipped.add("charts/curve-* (" + e + ")");
      }
    }
    return skipped;
  }
}
