package io.github.ycsbtiers.runner.measure;

import java.io.IOException;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** Writes every line to two exporters: the run's own and a second copy (a client's report.txt). */
public final class TeeExporter implements MeasurementsExporter {
  private final MeasurementsExporter first;
  private final MeasurementsExporter second;

  public TeeExporter(MeasurementsExporter first, MeasurementsExporter second) {
    this.first = first;
    this.second = second;
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    first.write(metric, measurement, i);
    second.write(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    first.write(metric, measurement, i);
    second.write(metric, measurement, i);
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    first.write(metric, measurement, d);
    second.write(metric, measurement, d);
  }

  /** The owners close their exporters themselves. */
  @Override
  public void close() {
  }
}
