package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.runner.timeline.LiveView;
import io.github.ycsbtiers.runner.timeline.Timeline;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * All latency sections of one run, keyed by operation name; the replacement for core's
 * {@code Measurements} singleton, with the same rules for {@code measurement.interval}: with
 * {@code op} only actual latencies are kept, with {@code intended} only latencies from the
 * intended start (under the plain name), with {@code both} the intended ones go to
 * {@code Intended-NAME} sections.
 *
 * <p>Thread-safe; one instance is shared by every client thread.
 */
public final class MeasurementRegistry {
  private final MeasurementOptions options;
  // Same map type as core's, so sections come out in the same order as upstream's.
  private final ConcurrentHashMap<String, MeasurementSection> actual = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, MeasurementSection> intended = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Boolean> bindingSections = new ConcurrentHashMap<>();
  private final SendLateness sendLateness = new SendLateness();

  /** Also records into the run's timeline, when one is kept; set before the first operation. */
  private volatile Timeline timeline;
  /** Where the timeline's cuts go besides its rows (the metrics endpoint); null without one. */
  private volatile LiveView live;

  public MeasurementRegistry(MeasurementOptions options) {
    this.options = options;
  }

  /** Records every latency and return code into {@code t} too (the run's timeline rows). */
  public void feed(Timeline t) {
    this.timeline = t;
  }

  /**
   * Shows the phase to {@code view} (the metrics endpoint) as it runs: the phase keeps a timeline,
   * whether or not it writes one, and hands the view every cut. Set before the phase starts.
   */
  public void showTo(LiveView view) {
    this.live = view;
  }

  /** The live view the phase is shown to, or null. */
  public LiveView liveView() {
    return live;
  }

  public MeasurementOptions options() {
    return options;
  }

  /** Records a latency measured from the operation's actual start. */
  public void measure(String operation, int latencyMicros) {
    Timeline t = timeline;
    if (t != null) {
      t.latency(operation, latencyMicros);
    }
    if (options.interval() == MeasurementOptions.Interval.INTENDED) {
      return;
    }
    actualSection(operation).measure(latencyMicros);
  }

  /**
   * Records a latency a binding measured itself under a name of its own (see
   * {@code api/LatencySections}): always as a measured latency, whatever the interval option.
   */
  public void measureBinding(String name, int latencyMicros) {
    if (!bindingSections.containsKey(name)) {
      bindingSections.putIfAbsent(name, Boolean.TRUE);
    }
    Timeline t = timeline;
    if (t != null) {
      t.latency(name, latencyMicros);
    }
    actualSection(name).measure(latencyMicros);
  }

  /** The names {@link #measureBinding} recorded under: sections that are no operations of the workload. */
  public java.util.Set<String> bindingSections() {
    return new java.util.TreeSet<>(bindingSections.keySet());
  }

  /** Records a latency measured from the operation's intended start under throttling. */
  public void measureIntended(String operation, int latencyMicros) {
    if (options.interval() == MeasurementOptions.Interval.OP) {
      return;
    }
    Timeline t = timeline;
    if (t != null) {
      t.intended(operation, latencyMicros);
    }
    intendedSection(operation).measure(latencyMicros);
  }

  /** Records how late an operation was sent after its place on the {@code -target} schedule. */
  public void measureSendLateness(long lateNanos) {
    sendLateness.record(lateNanos);
  }

  /** How late this phase's operations were sent after their places on the schedule (empty without {@code -target}). */
  public SendLateness sendLateness() {
    return sendLateness;
  }

  /** Counts one return code under the operation's section. */
  public void reportStatus(String operation, Status status) {
    Timeline t = timeline;
    if (t != null) {
      t.status(operation, status);
    }
    MeasurementSection s = options.interval() == MeasurementOptions.Interval.INTENDED
        ? intendedSection(operation) : actualSection(operation);
    s.count(status);
  }

  /**
   * Operation name to return code name to count, for every operation that has a return code, in
   * report order.
   */
  public Map<String, Map<String, Long>> returnCodes() {
    Map<String, Map<String, Long>> codes = new LinkedHashMap<>();
    ConcurrentHashMap<String, MeasurementSection> counted =
        options.interval() == MeasurementOptions.Interval.INTENDED ? intended : actual;
    counted.forEach((op, section) -> {
      Map<String, Long> c = section.returnCodeCounts();
      if (!c.isEmpty()) {
        codes.put(op, c);
      }
    });
    return codes;
  }

  /** True when intended latencies are recorded, so callers can skip computing them. */
  public boolean recordsIntended() {
    return options.interval() != MeasurementOptions.Interval.OP;
  }

  public void export(MeasurementsExporter exporter) throws IOException {
    for (MeasurementSection s : actual.values()) {
      s.export(exporter);
    }
    for (MeasurementSection s : intended.values()) {
      s.export(exporter);
    }
  }

  /** The per-operation part of the status line, in upstream's format. */
  public synchronized String summary() {
    StringBuilder sb = new StringBuilder();
    for (MeasurementSection s : actual.values()) {
      sb.append(s.summary()).append(' ');
    }
    for (MeasurementSection s : intended.values()) {
      sb.append(s.summary()).append(' ');
    }
    return sb.toString();
  }

  private MeasurementSection actualSection(String operation) {
    MeasurementSection s = actual.get(operation);
    return s != null ? s : actual.computeIfAbsent(operation, n -> MeasurementSection.create(n, options));
  }

  private MeasurementSection intendedSection(String operation) {
    MeasurementSection s = intended.get(operation);
    if (s != null) {
      return s;
    }
    String name = options.interval() == MeasurementOptions.Interval.INTENDED ? operation : "Intended-" + operation;
    return intended.computeIfAbsent(operation, n -> MeasurementSection.create(name, options));
  }
}
