package io.github.ycsbtiers.suite.timeline;

import io.github.ycsbtiers.suite.report.ChartFiles;
import io.github.ycsbtiers.suite.report.Charts;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.report.SectionTable;
import io.github.ycsbtiers.suite.report.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.XYChart;

/**
 * The timeline chart of every phase that wrote a timeline ({@code charts/timeline-<target>-<phase
 * prefix>.png} and {@code .svg}; the phases of a search's steps included), and the section of
 * summary.md that links them.
 */
public final class TimelineCharts {
  private TimelineCharts() {
  }

  /** Renders the charts; returns the files written, relative to {@code dir}, and the charts skipped. */
  public static ChartFiles write(Summary s, Path dir) throws IOException {
    List<String> written = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    Path charts = Files.createDirectories(dir.resolve("charts"));
    for (PhaseResult r : s.results()) {
      String file = timelineOf(r);
      if (file == null || !Files.isRegularFile(dir.resolve(file))) {
        continue;
      }
      XYChart chart = TimelineChart.of(String.format(Locale.ROOT, "%s %s %s: timeline", r.target(), r.group(),
          r.phase()), TimelineFile.read(dir.resolve(file)));
      if (chart != null) {
        List<String> names = new ArrayList<>();
        List<String> files = new ArrayList<>();
        Charts.saveInto(chart, charts, chartName(file), files, names);
        files.forEach(f -> written.add("charts/" + f));
        names.forEach(n -> skipped.add("charts/" + n));
      }
    }
    return new ChartFiles(written, skipped);
  }

  /**
   * The chart of a phase whose raw report is {@code report} ({@code raw/<target>/<prefix>.txt}),
   * relative to the results directory, if it was written.
   */
  public static String chartOf(String report, Set<String> written) {
    if (report == null || !report.endsWith(".txt")) {
      return null;
    }
    String png = "charts/" + chartName(report.substring(0, report.length() - 4) + TimelineFile.SUFFIX) + ".png";
    return written.contains(png) ? png : null;
  }

  /** summary.md's section: one row per phase with a timeline chart; empty when there is none. */
  public static Section section(Summary s, Set<String> written) {
    SectionTable table = new SectionTable("llll", "target", "group", "phase", "timeline");
    for (PhaseResult r : s.results()) {
      String file = timelineOf(r);
      String png = file == null ? null : "charts/" + chartName(file) + ".png";
      if (png != null && written.contains(png)) {
        table.row(r.target(), r.group(), r.phase(), "[" + png.substring("charts/".length()) + "](" + png + ")");
      }
    }
    if (table.rows().isEmpty()) {
      return null;
    }
    // the page shows each timeline beside its phase's row instead
    return Section.titled("Timelines").paragraph("Per phase, second by second on one time axis: the client's"
        + " throughput, the server's main counters (persistent reads and writes of the embedded store; commands,"
        + " keyspace misses and evictions of a remote server) and each operation's p99; a vertical line where the"
        + " warm-up ended. The rows themselves are the phase's `-timeline.jsonl` under raw/.")
        .table(table).notOnPage().build();
  }

  /** The phase's timeline file among its files, relative to the results directory; null without one. */
  static String timelineOf(PhaseResult r) {
    return r.files().stream().filter(f -> f.endsWith(TimelineFile.SUFFIX)).findFirst().orElse(null);
  }

  /** {@code raw/pmem/02-7-1-uniform-read-timeline.jsonl} gives {@code timeline-pmem-02-7-1-uniform-read}. */
  static String chartName(String timelineFile) {
    Path p = Path.of(timelineFile);
    String base = p.getFileName().toString();
    base = base.substring(0, base.length() - TimelineFile.SUFFIX.length());
    String target = p.getParent() == null ? "" : p.getParent().getFileName().toString() + "-";
    return Charts.fileName("timeline-" + target + base);
  }
}
