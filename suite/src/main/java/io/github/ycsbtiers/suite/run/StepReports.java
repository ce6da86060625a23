package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.curve.CurveReport;
import io.github.ycsbtiers.suite.ramp.RampOutcome;
import io.github.ycsbtiers.suite.ramp.RampReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reports of the phases measured in steps other than the search's: the connection ramps and
 * the capacity curves, each appended to summary.md (their steps linking their timelines) and written
 * as CSV, JSON and charts.
 */
final class StepReports {
  private StepReports() {
  }

  /** Writes them, adding their sections to {@code sections}; returns the charts not rendered (failed outputs). */
  static List<String> write(List<RampOutcome> ramps, List<Curve> curves, Path dir, Map<String, String> timelines,
      List<String> sections, PrintStream err) throws IOException {
    List<String> skipped = new ArrayList<>();
    if (!ramps.isEmpty()) {
      append(dir, RampReport.markdown(ramps, timelines), sections);
      try {
        skipped.addAll(RampReport.write(ramps, dir).skipped());
      } catch (IOException | RuntimeException e) {
        err.println("warning: ramp report not fully written: " + e);
        skipped.add("charts/ramp-* (" + e + ")");
      }
    }
    if (!curves.isEmpty()) {
      append(dir, CurveReport.markdown(curves, timelines), sections);
      try {
        skipped.addAll(CurveReport.write(curves, dir).skipped());
      } catch (IOException | RuntimeException e) {
        err.println("warning: curve report not fully written: " + e);
        skipped.add("charts/curve-* (" + e + ")");
      }
    }
    return skipped;
  }

  private static void append(Path dir, String markdown, List<String> sections) throws IOException {
    sections.add(markdown);
    Files.writeString(dir.resolve("summary.md"), "\n" + markdown, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
  }
}
