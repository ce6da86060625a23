package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.api.ResultSection;
import org.HdrHistogram.AtomicHistogram;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Under {@code -target}, how late the engine sent each operation after its place on the
 * schedule (its intended start): the {@code [SCHEDULE]} report section. For every operation,
 * intended latency is this lateness plus the measured latency, so a run whose intended latency
 * is far above its measured latency shows how much of it came from sending late: a thread that
 * woke or ran late, or the backlog a client inherits after earlier operations overran the
 * schedule. Thread-safe; recording is one histogram update.
 */
public final class SendLateness {
  /** An hour in microseconds: anything later is counted as an hour late. */
  private static final long MAX_MICROS = 3_600_000_000L;
  // the whole hour's range from the start (about 180 KiB): HdrHistogram 2.2.2 grows a resizing
  // histogram without a lock, and two threads that overflow it at once can leave counts past its
  // recorded range (FixedRangeRecorder)
  private final AtomicHistogram micros = new AtomicHistogram(1, MAX_MICROS, FixedRangeRecorder.DIGITS);
  /** Under a rate profile, operations sent more than this after their due time count as late; set before the phase. */
  private long lateAfterNanos = Long.MAX_VALUE;
  private final LongAdder late = new LongAdder();
  private final LongAdder dropped = new LongAdder();

  /** Records one operation sent {@code lateNanos} after it was due (0 or less: on time). */
  public void record(long lateNanos) {
    micros.recordValue(Math.min(MAX_MICROS, Math.max(0, lateNanos / 1000)));
    if (lateNanos > lateAfterNanos) {
      late.increment();
    }
  }

  /** Counts, from now on, the operations sent more than {@code nanos} after their due time ({@code target.profile.late}). */
  public void countLateAfter(long nanos) {
    lateAfterNanos = nanos;
  }

  /** Counts {@code n} operations of a rate profile dropped, never sent ({@code target.profile.maxbacklog}). */
  public void drop(long n) {
    dropped.add(n);
  }

  /** Operations dropped so far. */
  public long dropped() {
    return dropped.sum();
  }

  /** Operations sent late (see {@link #countLateAfter}) so far. */
  public long late() {
    return late.sum();
  }

  /** The {@code [SCHEDULE]} section, or null when no operation was sent on a schedule. */
  public ResultSection section() {
    Histogram h = micros.copy();
    if (h.getTotalCount() == 0) {
      return null;
    }
    return ResultSection.builder("SCHEDULE")
        .add("ScheduledOperations", h.getTotalCount())
        .add("AverageSendLateness(us)", Math.round(h.getMean() * 1000) / 1000.0)
        .add("50thPercentileSendLateness(us)", h.getValueAtPercentile(50))
        .add("99thPercentileSendLateness(us)", h.getValueAtPercentile(99))
        .add("99.9PercentileSendLateness(us)", h.getValueAtPercentile(99.9))
        .add("MaxSendLateness(us)", h.getMaxValue())
        .build();
  }
}
