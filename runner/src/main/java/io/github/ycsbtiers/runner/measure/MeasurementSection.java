package io.github.ycsbtiers.runner.measure;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementRaw;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * One output section such as {@code [READ]}: latencies recorded by core's measurement classes,
 * and return codes counted here in 64 bits (core counts them in an {@code AtomicInteger}, which
 * wraps after 2^31 operations). Lines come out in upstream's order: the {@code Return=} lines
 * stand where core's recorder prints its own, after the summary lines and before any per-bucket
 * or per-interval lines (whose metric is a number, or {@code >} for the overflow bucket), and a
 * second recorder of the combined types such as {@code hdrhistogram+histogram} follows them.
 */
final class MeasurementSection {
  private final OneMeasurement first;
  private final OneMeasurement second;
  private final ConcurrentHashMap<Status, LongAdder> returnCodes = new ConcurrentHashMap<>();

  private MeasurementSection(OneMeasurement first, OneMeasurement second) {
    this.first = first;
    this.second = second;
  }

  static MeasurementSection create(String name, MeasurementOptions options) {
    java.util.Properties p = options.measurementProperties();
    switch (options.type()) {
      case HISTOGRAM:
        return new MeasurementSection(new OneMeasurementHistogram(name, p), null);
      case HDRHISTOGRAM_AND_HISTOGRAM:
        return new MeasurementSection(hdr("Hdr" + name, p),
            new OneMeasurementHistogram("Bucket" + name, p));
      case HDRHISTOGRAM_AND_RAW:
        return new MeasurementSection(hdr("Hdr" + name, p),
            new OneMeasurementRaw("Raw" + name, p));
      case TIMESERIES:
        return new MeasurementSection(new OneMeasurementTimeSeries(name, p), null);
      case RAW:
        return new MeasurementSection(new OneMeasurementRaw(name, p), null);
      case HDRHISTOGRAM:
      default:
        return new MeasurementSection(hdr(name, p), null);
    }
  }

  private static OneMeasurementHdrHistogram hdr(String name, java.util.Properties p) {
    return FixedRangeRecorder.install(new OneMeasurementHdrHistogram(name, p));
  }

  void measure(int latencyMicros) {
    first.measure(latencyMicros);
    if (second != null) {
      second.measure(latencyMicros);
    }
  }

  void count(Status status) {
    LongAdder counter = returnCodes.get(status);
    if (counter == null) {
      counter = returnCodes.computeIfAbsent(status, s -> new LongAdder());
    }
    counter.increment();
  }

  /** Return code name to count, so far. */
  Map<String, Long> returnCodeCounts() {
    Map<String, Long> counts = new java.util.LinkedHashMap<>();
    returnCodes.forEach((status, n) -> counts.put(status.getName(), n.sum()));
    return counts;
  }

  void export(MeasurementsExporter exporter) throws IOException {
    ReturnCodeSplicer splicer = new ReturnCodeSplicer(exporter);
    first.exportMeasurements(splicer);
    if (!splicer.written) {
      writeReturnCodes(exporter);
    }
    if (second != null) {
      second.exportMeasurements(exporter);
    }
  }

  private void writeReturnCodes(MeasurementsExporter exporter) throws IOException {
    for (Map.Entry<Status, LongAdder> e : returnCodes.entrySet()) {
      exporter.write(first.getName(), "Return=" + e.getKey().getName(), e.getValue().sum());
    }
  }

  /** Passes core's lines through and writes the return codes before the first bucket or interval line. */
  private final class ReturnCodeSplicer implements MeasurementsExporter {
    private final MeasurementsExporter target;
    private boolean written;

    ReturnCodeSplicer(MeasurementsExporter target) {
      this.target = target;
    }

    private void before(String measurement) throws IOException {
      if (!written && isBucketOrInterval(measurement)) {
        written = true;
        writeReturnCodes(target);
      }
    }

    private boolean isBucketOrInterval(String measurement) {
      if (measurement.equals(">")) {
        return true;
      }
      for (int i = 0; i < measurement.length(); i++) {
        if (!Character.isDigit(measurement.charAt(i))) {
          return false;
        }
      }
      return !measurement.isEmpty();
    }

    @Override
    public void write(String metric, String measurement, int i) throws IOException {
      before(measurement);
      target.write(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, long i) throws IOException {
      before(measurement);
      target.write(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, double d) throws IOException {
      before(measurement);
      target.write(metric, measurement, d);
    }

    @Override
    public void close() {
      // the caller owns the target
    }
  }

  String summary() {
    return second == null ? first.getSummary() : first.getSummary() + "\n" + second.getSummary();
  }
}
