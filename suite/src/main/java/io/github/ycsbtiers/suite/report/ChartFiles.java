package io.github.ycsbtiers.suite.report;

import java.util.List;

/**
 * The charts of one report: the files written (relative to the results directory) and the names
 * of the charts that were not (the chart library did not finish within the time allowed, or
 * failed). A skipped chart is a failed output of its phase: the suite lists it in summary.md and
 * ends with status 1.
 */
public record ChartFiles(List<String> written, List<String> skipped) {

  public ChartFiles {
    written = List.copyOf(written);
    skipped = List.copyOf(skipped);
  }
}
