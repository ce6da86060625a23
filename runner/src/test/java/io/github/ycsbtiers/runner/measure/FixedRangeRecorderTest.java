package io.github.ycsbtiers.runner.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

class FixedRangeRecorderTest {

  /**
   * The race this prevents is rare (2 intervals in 20,000 that two threads overflowed at once did
   * not decode, with core's own {@code new Recorder(3)}); what prevents it is checked directly: a
   * section's histogram covers every int from the start and never resizes.
   */
  @Test
  void coresSectionRecordsIntoAHistogramThatNeverGrows() {
    OneMeasurementHdrHistogram m = FixedRangeRecorder.install(new OneMeasurementHdrHistogram("READ", new Properties()));
    m.measure(Integer.MAX_VALUE);
    m.measure(1);
    Histogram h = FixedRangeRecorder.of(m).getIntervalHistogram();
    assertFalse(h.isAutoResize());
    assertTrue(h.getHighestTrackableValue() >= Integer.MAX_VALUE, Long.toString(h.getHighestTrackableValue()));
    assertEquals(2, h.getTotalCount());
    assertEquals(FixedRangeRecorder.DIGITS, h.getNumberOfSignificantValueDigits());
    assertTrue(h.valuesAreEquivalent(Integer.MAX_VALUE, h.getMaxValue()));
  }
}
