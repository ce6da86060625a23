package io.github.ycsbtiers.runner.timeline;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import site.ycsb.Status;

/**
 * The client's side of the timeline: every latency and return code the measurement registry
 * records, per section, into interval recorders ({@link Recorder}: writers never wait) that
 * {@link #cut} empties once per row. Fed by the warm-up's registry and the measured one alike;
 * {@link #measuring} marks where the warm-up ended.
 */
public final class Timeline {
  private final ConcurrentHashMap<String, Section> sections = new ConcurrentHashMap<>();
  private volatile boolean warmingUp;

  /** @param warmingUp whether the run starts with a warm-up */
  public Timeline(boolean warmingUp) {
    this.warmingUp = warmingUp;
  }

  public void latency(String section, int micros) {
    section(section).latency.recordValue(Math.max(0, micros));
  }

  public void intended(String section, int micros) {
    Section s = section(section);
    Recorder r = s.intended;
    if (r == null) {
      synchronized (s) {
        if (s.intended == null) {
          s.intended = fixedRange();
        }
        r = s.intended;
      }
    }
    r.recordValue(Math.max(0, micros));
  }

  public void status(String section, Status status) {
    LongAdder n = section(section).returns.computeIfAbsent(status.getName(), k -> new LongAdder());
    n.increment();
  }

  /** The warm-up is over: rows from now on are measured ones. */
  public void measuring() {
    warmingUp = false;
  }

  public boolean warmingUp() {
    return warmingUp;
  }

  /** What each section recorded since the last cut, sections and return codes by name; empties the recorders. */
  Map<String, Interval> cut() {
    Map<String, Interval> out = new TreeMap<>();
    sections.forEach((name, s) -> {
      Histogram latency = s.latency.getIntervalHistogram();
      Recorder r = s.intended;
      Histogram intended = r == null ? null : r.getIntervalHistogram();
      Map<String, Long> returns = new TreeMap<>();
      s.returns.forEach((code, n) -> {
        long c = n.sumThenReset();
        if (c > 0) {
          returns.put(code, c);
        }
      });
      if (latency.getTotalCount() > 0 || !returns.isEmpty()) {
        out.put(name, new Interval(latency, intended, returns));
      }
    });
    return out;
  }

  private Section section(String name) {
    Section s = sections.get(name);
    return s != null ? s : sections.computeIfAbsent(name, n -> new Section());
  }

  /** One section's interval: latencies, intended latencies (null when none are recorded) and return codes. */
  public record Interval(Histogram latency, Histogram intended, Map<String, Long> returns) {
    /** This interval and {@code later} as one: {@code later}'s histograms are added into this one's. */
    Interval plus(Interval later) {
      latency.add(later.latency);
      Histogram both = intended;
      if (later.intended != null) {
        if (both == null) {
          both = later.intended;
        } else {
          both.add(later.intended);
        }
      }
      Map<String, Long> codes = new TreeMap<>(returns);
      later.returns.forEach((code, n) -> codes.merge(code, n, Long::sum));
      return new Interval(latency, both, codes);
    }
  }

  private static final class Section {
    final Recorder latency = fixedRange();
    volatile Recorder intended;
    final ConcurrentHashMap<String, LongAdder> returns = new ConcurrentHashMap<>();
  }

  /**
   * A recorder whose histograms cover every int of microseconds from the start: HdrHistogram 2.2.2
   * grows a resizing one without a lock, and two threads overflowing it at once can leave a
   * histogram whose counts reach past its range (see measure.FixedRangeRecorder, which gives core's
   * sections this recorder too).
   */
  public static Recorder fixedRange() {
    return new Recorder(1, Integer.MAX_VALUE, 3);
  }
}
