package io.github.ycsbtiers.runner.metrics;

import io.github.ycsbtiers.runner.timeline.LiveView;
import io.github.ycsbtiers.runner.timeline.Timeline;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * One phase's figures since it started, added up from the timeline's cuts: per report section and
 * per warm-up or measured part, the latencies, the intended latencies and the return codes. The
 * timeline's thread adds, the endpoint's thread reads; neither is an operation's.
 */
final class LiveTotals implements LiveView {
  private final Map<Key, Section> sections = new TreeMap<>();
  private volatile LongSupplier inFlight = () -> 0;

  /** A section of the warm-up or of the measured part. */
  record Key(String section, boolean warmup) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = Boolean.compare(o.warmup, warmup); // the warm-up first
      return c != 0 ? c : section.compareTo(o.section);
    }
  }

  /** What one section recorded so far; read only inside {@link #forEach}. */
  static final class Section {
    final Histogram latency = new Histogram(1, Integer.MAX_VALUE, 3);
    Histogram intended;
    final Map<String, Long> returns = new TreeMap<>();
  }

  @Override
  public synchronized void add(Map<String, Timeline.Interval> cut, boolean warmup) {
    cut.forEach((name, interval) -> {
      Section s = sections.computeIfAbsent(new Key(name, warmup), k -> new Section());
      s.latency.add(interval.latency());
      if (interval.intended() != null) {
        if (s.intended == null) {
          s.intended = new Histogram(1, Integer.MAX_VALUE, 3);
        }
        s.intended.add(interval.intended());
      }
      interval.returns().forEach((code, n) -> s.returns.merge(code, n, Long::sum));
    });
  }

  @Override
  public void inFlight(LongSupplier operations) {
    this.inFlight = operations;
  }

  /** Operations in flight now. */
  long inFlightNow() {
    return inFlight.getAsLong();
  }

  /** Visits every section, in order, while no cut is added. */
  synchronized void forEach(BiConsumer<Key, Section> visitor) {
    sections.forEach(visitor);
  }
}
