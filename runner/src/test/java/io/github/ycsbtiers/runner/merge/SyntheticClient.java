package io.github.ycsbtiers.runner.merge;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes one client's result directory with known latencies, in the layout a run writes (see
 * {@link ClientResultLayout}): READ.hdr in two intervals, report.txt, client.properties.
 */
final class SyntheticClient {
  private SyntheticClient() {
  }

  static Path write(Path dir, int index, int count, long startMillis, long[] latencies) throws IOException {
    Files.createDirectories(dir);
    Histogram first = new Histogram(3);
    Histogram second = new Histogram(3);
    for (int i = 0; i < latencies.length; i++) {
      (i < latencies.length / 2 ? first : second).recordValue(latencies[i]);
    }
    first.setStartTimeStamp(startMillis);
    first.setEndTimeStamp(startMillis + 1000);
    second.setStartTimeStamp(startMillis + 1000);
    second.setEndTimeStamp(startMillis + 2000);
    try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("READ.hdr")), true,
        StandardCharsets.US_ASCII)) {
      HistogramLogWriter w = new HistogramLogWriter(log);
      w.outputLogFormatVersion();
      w.outputStartTime(startMillis);
      w.outputLegend();
      w.outputIntervalHistogram(first);
      w.outputIntervalHistogram(second);
    }
    Histogram all = first.copy();
    all.add(second);
    String report = "[OVERALL], RunTime(ms), 2000\n"
        + "[OVERALL], Throughput(ops/sec), " + latencies.length / 2.0 + "\n"
        + "[TOTAL_GCs], Count, 1\n[TOTAL_GC_TIME], Time(ms), 3\n[TOTAL_GC_TIME_%], Time(%), 0.15\n"
        + "[READ], Operations, " + all.getTotalCount() + "\n"
        + "[READ], AverageLatency(us), " + all.getMean() + "\n"
        + "[READ], Return=OK, " + (latencies.length - 1) + "\n"
        + "[READ], Return=NOT_FOUND, 1\n";
    Files.writeString(dir.resolve("report.txt"), report);
    Properties p = new Properties();
    for (String key : ClientResultLayout.IDENTITY) {
      p.setProperty(key, "");
    }
    p.setProperty("phase", "run");
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("recordcount", "1000");
    p.setProperty("client.count", Integer.toString(count));
    p.setProperty("client.index", Integer.toString(index));
    p.setProperty("hdrhistogram.percentiles", "50,90,99,99.9,99.99,100");
    p.setProperty("completed", "true");
    try (Writer w = Files.newBufferedWriter(dir.resolve("client.properties"))) {
      p.store(w, null);
    }
    return dir;
  }
}
