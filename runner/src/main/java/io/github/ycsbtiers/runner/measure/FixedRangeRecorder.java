package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.runner.timeline.Timeline;
import java.lang.reflect.Field;
import org.HdrHistogram.Recorder;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * Gives core's {@link OneMeasurementHdrHistogram} a recorder whose histograms cover every latency
 * it can be given (an {@code int} of microseconds) from the start, instead of core's
 * {@code new Recorder(3)}, whose histograms grow when a value does not fit. HdrHistogram 2.2.2
 * grows them without a lock: two client threads whose slow operations overflow the same interval
 * histogram at once can leave it with more counts than its recorded range says, and the interval
 * it writes to the {@code hdrhistogram.fileoutput} log then fails to decode ("Index 5260 out of
 * bounds for length 5120" in a merge of two clients). A histogram that never grows cannot race so.
 * Same precision (3 significant digits), same values; about 180 KiB per histogram, two per section.
 */
final class FixedRangeRecorder {
  static final int DIGITS = 3;
  private static final Field RECORDER = recorderField();

  private FixedRangeRecorder() {
  }

  /** Replaces {@code m}'s recorder before any value is recorded; returns {@code m}. */
  static OneMeasurementHdrHistogram install(OneMeasurementHdrHistogram m) {
    try {
      RECORDER.set(m, Timeline.fixedRange());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("YCSB core's OneMeasurementHdrHistogram.histogram is not writable", e);
    }
    return m;
  }

  /** The recorder {@code m} records into (for tests). */
  static Recorder of(OneMeasurementHdrHistogram m) {
    try {
      return (Recorder) RECORDER.get(m);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Field recorderField() {
    try {
      Field f = OneMeasurementHdrHistogram.class.getDeclaredField("histogram");
      if (f.getType() != Recorder.class) {
        throw new IllegalStateException("YCSB core's OneMeasurementHdrHistogram.histogram is a " + f.getType());
      }
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException("YCSB core's OneMeasurementHdrHistogram has no recorder field 'histogram'", e);
    }
  }
}
