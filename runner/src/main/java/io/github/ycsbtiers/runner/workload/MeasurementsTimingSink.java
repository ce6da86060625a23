package io.github.ycsbtiers.runner.workload;

import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * A {@link TimingSink} over upstream YCSB's {@link Measurements}, for workloads driven by
 * upstream's own client through {@code doInsert}/{@code doTransaction}. Reports exactly what
 * upstream's core workload reports: the latency in microseconds, the intended-start latency for
 * everything but {@code VERIFY}, and the return code when there is one.
 */
public final class MeasurementsTimingSink implements TimingSink {
  private final Measurements measurements;

  public MeasurementsTimingSink(Measurements measurements) {
    this.measurements = measurements;
  }

  @Override
  public void record(String measurement, Status status, long startNanos, long endNanos) {
    measurements.measure(measurement, (int) ((endNanos - startNanos) / 1000));
    if (!OperationRunner.VERIFY.equals(measurement)) {
      long intendedStart = measurements.getIntendedtartTimeNs();
      measurements.measureIntended(measurement, (int) ((endNanos - intendedStart) / 1000));
    }
    if (status != null) {
      measurements.reportStatus(measurement, status);
    }
  }
}
