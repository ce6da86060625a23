package io.github.ycsbtiers.suite.report;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads the HdrHistogram interval logs that {@code bin/ycsb} writes with
 * {@code hdrhistogram.fileoutput=true} (one file per operation type, values in microseconds).
 * Each interval holds the values recorded since the previous one, so their sum is the phase.
 */
public final class HdrLogs {
  private HdrLogs() {
  }

  /** The sum of every interval of every log. */
  public static Histogram merge(List<Path> logs) {
    Histogram total = new Histogram(3);
    for (Path log : logs) {
      try {
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        try {
          EncodableHistogram interval;
          while ((interval = reader.nextIntervalHistogram()) != null) {
            if (interval instanceof Histogram h) {
              addTo(total, h);
            }
          }
        } finally {
          reader.close();
        }
      } catch (FileNotFoundException e) {
        throw new UncheckedIOException("no HdrHistogram log " + log, e);
      }
    }
    return total;
  }

  /**
   * Adds {@code interval}'s counts to {@code total} value by value. Not {@code Histogram.add}: when
   * the two differ in range it looks up the other's count at the index of the other's maximum, and a
   * flash-hit run's charts once failed there with an index past the other's own counts (4228 of
   * 4096; not reproduced since). Iterating the recorded values reads only the counts that exist.
   */
  static void addTo(Histogram total, Histogram interval) {
    for (HistogramIterationValue v : interval.recordedValues()) {
      total.recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
    }
  }

  /**
   * The operation type a log is for: {@code 03-7-1-uniform-read-READ.hdr} gives {@code READ}, the
   * intended-latency log {@code ...-Intended-READ.hdr} (measurement.interval=both) gives
   * {@code Intended-READ}.
   */
  public static String operationOf(String fileName) {
    String base = fileName.endsWith(".hdr") ? fileName.substring(0, fileName.length() - 4) : fileName;
    int intended = base.lastIndexOf("-Intended-");
    if (intended >= 0 && base.indexOf('-', intended + "-Intended-".length()) < 0) {
      return base.substring(intended + 1);
    }
    return base.substring(base.lastIndexOf('-') + 1);
  }

  /** Guard used by callers that must not fail a run on a missing or unreadable log. */
  public static boolean readable(Path log) {
    try {
      return java.nio.file.Files.size(log) > 0;
    } catch (IOException e) {
      return false;
    }
  }
}
