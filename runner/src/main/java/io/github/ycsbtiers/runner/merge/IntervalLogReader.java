package io.github.ycsbtiers.runner.merge;

import java.io.Closeable;
import java.io.File;
import java.io.FileNotFoundException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.NoSuchElementException;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogScanner;

/**
 * Reads an HdrHistogram interval log as {@link HistogramLogReader#nextIntervalHistogram()} does
 * (same lines, same start and end time stamps, same stop at a line cut short), except that an
 * interval whose counts reach past the range its header states is read whole instead of failing.
 * <p>
 * HdrHistogram 2.2.2 writes such intervals: in an auto-resizing histogram (YCSB's
 * {@code new Recorder(3)}), {@code AbstractHistogram.handleRecordException} stores
 * highestTrackableValue after {@code resize} without a lock, so when two threads grow the counts
 * at once the smaller range can be stored last, over a counts array sized for the larger one.
 * The library's decode sizes the counts from that header field and fails on the higher counts,
 * although a count's value depends only on its index, the lowest discernible value and the digits.
 * Such an interval is decoded again with a range that covers any latency a run can record.
 * <p>
 * The lines are split by the library's own {@link HistogramLogScanner}; only the decode and the
 * time stamps (HistogramLogReader's rules: an explicit {@code #[BaseTime: ]}, or time stamps more
 * than a year before {@code #[StartTime: ]} taken as relative to it) are done here.
 */
final class IntervalLogReader implements Closeable {
  /** YCSB records latencies as an {@code int} of microseconds. */
  static final long WIDEST_RANGE = Integer.MAX_VALUE;
  private static final double YEAR_SECONDS = 365 * 24 * 3600.0;
  /** A compressed DoubleHistogram's cookie (private in DoubleHistogram). */
  private static final int DOUBLE_HISTOGRAM_COOKIE = 0x0c72124f;

  private final File log;
  private final Lines lines;
  private final HistogramLogScanner.EventHandler handler = new Handler();
  private double startTimeSec;
  private boolean observedStartTime;
  private double baseTimeSec;
  private boolean observedBaseTime;
  private Histogram next;

  IntervalLogReader(File log) throws FileNotFoundException {
    this.log = log;
    this.lines = new Lines(log);
  }

  /**
   * The next interval, its start and end time stamps set, or null at the end of the log or at the
   * first line that is cut short. Throws an unchecked exception for a payload that cannot be read.
   */
  Histogram next() {
    lines.process(handler);
    Histogram h = next;
    next = null;
    return h;
  }

  @Override
  public void close() {
    lines.close();
  }

  /** Decodes {@code payload}, again with the widest range if its counts reach past its header's. */
  Histogram decode(byte[] payload) throws DataFormatException {
    if (payload.length >= 4 && ByteBuffer.wrap(payload).getInt(0) == DOUBLE_HISTOGRAM_COOKIE) {
      throw new MergeException(log + ": holds a DoubleHistogram interval; expected integer histograms");
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(payload), 0);
    } catch (ArrayIndexOutOfBoundsException narrow) {
      try {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(payload), WIDEST_RANGE);
      } catch (RuntimeException | DataFormatException wide) {
        wide.addSuppressed(narrow);
        throw wide;
      }
    }
  }

  /** HdrHistogram's line scanner, which hands the payload token to us instead of to its decode. */
  private static final class Lines extends HistogramLogScanner {
    Lines(File log) throws FileNotFoundException {
      super(log);
    }

    String payload() {
      return scanner.next();
    }
  }

  private final class Handler implements HistogramLogScanner.EventHandler {
    @Override
    public boolean onComment(String comment) {
      return false;
    }

    @Override
    public boolean onBaseTime(double secondsSinceEpoch) {
      baseTimeSec = secondsSinceEpoch;
      observedBaseTime = true;
      return false;
    }

    @Override
    public boolean onStartTime(double secondsSinceEpoch) {
      startTimeSec = secondsSinceEpoch;
      observedStartTime = true;
      return false;
    }

    @Override
    public boolean onHistogram(String tag, double timestamp, double length,
                               HistogramLogScanner.EncodableHistogramSupplier libraryDecode) {
      if (!observedStartTime) {
        startTimeSec = timestamp;
        observedStartTime = true;
      }
      if (!observedBaseTime) {
        baseTimeSec = timestamp < startTimeSec - YEAR_SECONDS ? startTimeSec : 0.0;
        observedBaseTime = true;
      }
      double startSec = timestamp + baseTimeSec;
      if (startSec < 0) {
        return false; // before the range [0, Long.MAX_VALUE] s that nextIntervalHistogram() reads
      }
      Histogram h;
      try {
        h = decode(Base64.getDecoder().decode(lines.payload()));
      } catch (DataFormatException e) {
        return true; // HistogramLogReader ends the log there
      }
      h.setStartTimeStamp((long) (startSec * 1000.0));
      h.setEndTimeStamp((long) ((startSec + length) * 1000.0));
      h.setTag(tag);
      next = h;
      return true;
    }

    @Override
    public boolean onException(Throwable t) {
      if (t instanceof NoSuchElementException) {
        return true; // a line cut short ends the log, as in HistogramLogReader
      }
      throw t instanceof RuntimeException r ? r : new RuntimeException(t);
    }
  }
}
