package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** Writes a phase's HdrHistogram logs as bin/ycsb does, one file per operation, for the chart tests. */
final class HdrLogFiles {
  private HdrLogFiles() {
  }

  /**
   * Writes {@code <base>-<operation>.hdr} in {@code dir} for each histogram, one interval each.
   *
   * @return the files' names, each prefixed with {@code prefix} (their path as a summary lists it)
   */
  static List<String> write(Path dir, String base, Map<String, Histogram> logs, String prefix) throws IOException {
    List<String> files = new ArrayList<>();
    for (Map.Entry<String, Histogram> e : logs.entrySet()) {
      String file = base + "-" + e.getKey() + ".hdr";
      try (var out = Files.newOutputStream(dir.resolve(file))) {
        HistogramLogWriter w = new HistogramLogWriter(out);
        w.outputLogFormatVersion();
        w.outputLegend();
        w.outputIntervalHistogram(e.getValue());
      }
      files.add(prefix + file);
    }
    return files;
  }
}
