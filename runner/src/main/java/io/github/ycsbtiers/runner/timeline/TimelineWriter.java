package io.github.ycsbtiers.runner.timeline;

import io.github.ycsbtiers.api.TimelineSources;
import io.github.ycsbtiers.runner.bottleneck.BottleneckRules;
import io.github.ycsbtiers.runner.bottleneck.RowInputs;
import io.github.ycsbtiers.runner.bottleneck.Verdict;
import io.github.ycsbtiers.runner.config.TimelineOptions;
import io.github.ycsbtiers.runner.shape.ProcessCpu;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Writes the timeline: a row ({@link TimelineRow}) every interval while the phase runs, one when
 * the warm-up ends ({@link #warmupEnded}) and a last one when the phase ends ({@link #finish}), each
 * flushed as it is written. A row that cannot be written ends the timeline with one line on stderr;
 * the run goes on.
 *
 * <p>With a {@link LiveView} (the metrics endpoint) the recorders are cut at least once a second
 * and every cut goes to the view first; a row adds up the cuts since the row before, so rows are
 * what they are without the view. Without a file ({@code timeline.file} unset) only the view is fed.
 */
public final class TimelineWriter extends Thread {
  private final Timeline timeline;
  private final long intervalNanos;
  private final LongSupplier opsDone;
  private final int clients;
  /** The longest a live view waits for what the clients did. */
  private static final long LIVE_CUT_NANOS = TimeUnit.SECONDS.toNanos(1);
  private final int cores = Runtime.getRuntime().availableProcessors();
  private final PrintStream err;
  /** Null without {@code timeline.file}: cuts go to the live view only. */
  private final BufferedWriter out;
  private final LiveView live;
  private final long cutNanos;
  private Map<String, Timeline.Interval> pending = new TreeMap<>();
  private long cutStartNanos;
  private boolean finishing;
  private long phaseStartNanos;
  private long rowStartNanos;
  private long lastOps;
  private long lastCpu;
  private long lastGcCount;
  private long lastGcMillis;
  private boolean failed;
  /** Null without a rate profile. */
  private OfferedLoad offered;
  /** Rows written since the profile's start: row k's nominal window is the k-th interval from it. */
  private long profileRows;
  private long lastLate;
  private long lastDropped;

  /**
   * Opens (truncates) the file.
   *
   * @param opsDone client operations completed in the current phase (the warm-up's until it ends)
   * @param clients the phase's logical clients, for the row's bottleneck verdict
   * @param live where every cut goes too, or null
   */
  public TimelineWriter(Timeline timeline, TimelineOptions options, LongSupplier opsDone, int clients,
                        PrintStream err, LiveView live) {
    super("ycsb-timeline");
    setDaemon(true);
    this.timeline = timeline;
    this.intervalNanos = options.intervalNanos();
    this.opsDone = opsDone;
    this.clients = clients;
    this.err = err;
    this.live = live;
    // what sources of an earlier phase of this JVM left behind is not this phase's
    TimelineSources.takeRetired();
    // a whole number of cuts per row, none longer than a second, so rows keep their length
    long perRow = live == null ? 1 : Math.max(1, (intervalNanos + LIVE_CUT_NANOS - 1) / LIVE_CUT_NANOS);
    this.cutNanos = intervalNanos / perRow;
    this.out = options.enabled() ? open(options) : null;
    long now = System.nanoTime();
    this.phaseStartNanos = now;
    this.rowStartNanos = now;
    this.cutStartNanos = now;
    this.lastCpu = ProcessCpu.nanos();
    this.lastGcCount = gcCount();
    this.lastGcMillis = gcMillis();
  }

  /**
   * Under a rate profile, before {@link #start}: rows begin at the profile's start (the first after
   * one interval of it) and carry what it offered in their window and the operations late and dropped.
   */
  public void offered(OfferedLoad load) {
    this.offered = load;
    long start = load.startNanos();
    // a client ready only after the start begins with the interval it is in, numbered as the others'
    long late = System.nanoTime() - start;
    this.profileRows = late > 0 ? late / intervalNanos : 0;
    this.phaseStartNanos = start;
    this.rowStartNanos = start + profileRows * intervalNanos;
    this.cutStartNanos = rowStartNanos;
  }

  @Override
  public void run() {
    synchronized (this) {
      while (!finishing) {
        long now = System.nanoTime();
        if (now - rowStartNanos >= intervalNanos - cutNanos / 2 && now - cutStartNanos >= cutNanos) {
          row();
          continue;
        }
        long wait = cutStartNanos + cutNanos - now;
        if (wait <= 0) {
          cut();
          continue;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, wait);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  /**
   * The warm-up is over (no operation in flight): writes its last row, then rows are measured ones
   * with operations counted from 0 and time from now.
   */
  public synchronized void warmupEnded() {
    row();
    timeline.measuring();
    lastOps = 0;
    phaseStartNanos = rowStartNanos;
    notifyAll();
  }

  /** The phase ended (every operation done): writes the last row and closes the file. */
  public void finish() throws InterruptedException {
    synchronized (this) {
      finishing = true;
      notifyAll();
    }
    join();
    synchronized (this) {
      row();
      if (out == null) {
        return;
      }
      try {
        out.close();
      } catch (IOException e) {
        fail(e);
      }
    }
  }

  private static BufferedWriter open(TimelineOptions options) {
    try {
      // a FileOutputStream, not a channel: no interrupt of this thread can close it
      return new BufferedWriter(new OutputStreamWriter(new FileOutputStream(options.file().toFile()),
          StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + TimelineOptions.FILE + "=" + options.file(), e);
    }
  }

  /** Empties the recorders: the live view is handed what they held, the next row keeps it. */
  private void cut() {
    Map<String, Timeline.Interval> intervals = timeline.cut();
    if (live != null) {
      live.add(intervals, timeline.warmingUp());
    }
    intervals.forEach((name, i) -> pending.merge(name, i, Timeline.Interval::plus));
    cutStartNanos = System.nanoTime();
  }

  private void row() {
    cut();
    Map<String, Timeline.Interval> sections = pending;
    pending = new TreeMap<>();
    if (failed || out == null) {
      rowStartNanos = cutStartNanos;
      return;
    }
    long now = cutStartNanos;
    long ops = opsDone.getAsLong();
    long cpu = ProcessCpu.nanos();
    long gcCount = gcCount();
    long gcMillis = gcMillis();
    double seconds = (now - rowStartNanos) / 1e9;
    TimelineRow row = new TimelineRow()
        .string("time", Instant.now().toString())
        .number("elapsed_s", (now - phaseStartNanos) / 1e9)
        .number("interval_s", seconds)
        .string("phase", timeline.warmingUp() ? "warmup" : "measured")
        .number("operations", ops - lastOps)
        .number("ops_per_s", seconds > 0 ? (ops - lastOps) / seconds : 0);
    if (offered != null) {
      profileRow(row);
    }
    row.sections(sections);
    double clientCores = cpu >= 0 && lastCpu >= 0 && seconds > 0 ? (cpu - lastCpu) / 1e9 / seconds : Double.NaN;
    if (!Double.isNaN(clientCores)) {
      row.number("client_cpu_cores", clientCores);
    }
    row.number("gc_count", gcCount - lastGcCount).number("gc_pause_ms", gcMillis - lastGcMillis);
    List<Map<String, Number>> sources = new ArrayList<>();
    for (TimelineSources.Source s : TimelineSources.registered()) {
      Map<String, Number> figures = s.interval();
      sources.add(figures);
      row.object(s.name(), TimelineRow.numbers(figures));
    }
    // sources that closed since the last row (the last row comes after the bindings' cleanup)
    for (TimelineSources.Retired s : TimelineSources.takeRetired()) {
      sources.add(s.interval());
      row.object(s.name(), TimelineRow.numbers(s.interval()));
    }
    Verdict verdict = BottleneckRules.judge(RowInputs.of(cores, clients, clientCores, sources));
    row.object("bottleneck", new TimelineRow().string("verdict", verdict.kind().label())
        .string("rule", verdict.rule().label()));
    lastOps = ops;
    lastCpu = cpu;
    lastGcCount = gcCount;
    lastGcMillis = gcMillis;
    rowStartNanos = now;
    try {
      out.write(row.end());
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      fail(e);
    }
  }

  /**
   * The profile's figures of a row: its number k, and its operations due in its nominal window (the
   * k-th interval from the profile's start, so that clients sharing a start add up to the profile row
   * by row), as a count and a rate, and the operations late and dropped since the row before.
   */
  private void profileRow(TimelineRow row) {
    long from = offered.startNanos() + profileRows * intervalNanos;
    long due = offered.offered(from, from + intervalNanos);
    long late = offered.late();
    long dropped = offered.dropped();
    row.number("profile_row", profileRows).number("offered_operations", due)
        .number("offered_ops_per_s", due / (intervalNanos / 1e9))
        .number("late_operations", late - lastLate).number("dropped_operations", dropped - lastDropped);
    profileRows++;
    lastLate = late;
    lastDropped = dropped;
  }

  private static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  private static long gcMillis() {
    long ms = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      ms += Math.max(0, gc.getCollectionTime());
    }
    return ms;
  }

  private void fail(IOException e) {
    if (!failed) {
      failed = true;
      err.println("warning: the timeline stopped: " + e.getMessage());
    }
  }
}
