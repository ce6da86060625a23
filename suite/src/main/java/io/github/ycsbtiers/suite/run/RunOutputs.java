package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.Machine;
import io.github.ycsbtiers.suite.report.PageContext;
import io.github.ycsbtiers.suite.report.ReportWriter;
import io.github.ycsbtiers.suite.report.Summary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The final write of a run (or of its interrupted part): the tables, every chart and step file
 * ({@link RunCharts}), then the one summary with its sections ({@link ReportSections}), rendered whole
 * as summary.md, .csv, .json and index.html and on stdout (from the side-by-side table, or every
 * table, on), and the page's path as the last line.
 */
final class RunOutputs {
  private RunOutputs() {
  }

  /**
   * Writes everything; returns the number of failed outputs (charts not rendered). A chart the library
   * did not render is a failed output of its phase: summary.md lists it under {@code ## Failed outputs}
   * and the run's status becomes 1.
   */
  static int write(Summary summary, Results results, PrintStream out, PrintStream err) throws IOException {
    Path dir = results.dir();
    // the tables first, whole: what a run that dies while drawing charts leaves
    ReportWriter.writeTables(summary, dir);
    RunCharts drawn = RunCharts.draw(summary, results, err);
    if (!drawn.skipped().isEmpty()) {
      err.println("error: " + drawn.skipped().size() + " chart(s) not rendered, counted as failed phase outputs: "
          + String.join(", ", drawn.skipped()));
    }
    Summary whole = summary.withSections(ReportSections.of(summary, results, drawn));
    ReportWriter.writeTables(whole, dir);
    Path page = ReportWriter.writePage(whole, new PageContext(results.commandLine(), Machine.describe(),
        drawn.stepTimelines(), charts(dir), files(dir)), dir);
    out.print(ReportWriter.console(whole));
    err.println("summary: " + dir.resolve("summary.md") + " (and .csv, .json), charts: " + dir.resolve("charts")
        + ", all on one page:");
    out.println(page);
    return drawn.skipped().size();
  }

  /** The PNG of every chart, qps and p99 first, then by name. */
  private static List<String> charts(Path dir) throws IOException {
    Path charts = dir.resolve("charts");
    if (!Files.isDirectory(charts)) {
      return List.of();
    }
    List<String> order = List.of("qps.png", "p99.png");
    try (Stream<Path> s = Files.list(charts)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png"))
          .sorted(Comparator.comparing((String n) -> order.contains(n) ? order.indexOf(n) : order.size())
              .thenComparing(Comparator.naturalOrder()))
          .map(n -> "charts/" + n).toList();
    }
  }

  /** The directory's own files but the page, summary.* first. */
  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("index.html") && !n.endsWith(".tmp"))
          .sorted(Comparator.comparing((String n) -> !n.startsWith("summary.")).thenComparing(Comparator.naturalOrder()))
          .toList();
    }
  }
}
