package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.JvmStats;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import java.io.PrintStream;
import java.text.DecimalFormat;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code -s} status line, every {@code status.interval} seconds and once at the end, in
 * upstream's format: time stamp, elapsed seconds, operations done, current ops/sec, an estimate
 * of the time to completion, then each operation's interval latencies.
 */
final class StatusReporter extends Thread {
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  private final List<? extends Progress> clients;
  private final RunCoordinator coordinator;
  private final MeasurementRegistry registry;
  private final JvmStats jvmStats;
  private final String label;
  private final long intervalNanos;
  private final PrintStream err;
  private final PrintStream out;
  private volatile boolean finishing;

  /**
   * @param jvmStats JVM sampling, or null
   * @param out a second stream for the lines (upstream's timeseries mode), or null
   */
  StatusReporter(List<? extends Progress> clients, RunCoordinator coordinator, MeasurementRegistry registry,
                 JvmStats jvmStats, String label, int intervalSeconds, PrintStream err, PrintStream out) {
    super("ycsb-status");
    setDaemon(true);
    this.clients = clients;
    this.coordinator = coordinator;
    this.registry = registry;
    this.jvmStats = jvmStats;
    this.label = label;
    this.intervalNanos = TimeUnit.SECONDS.toNanos(intervalSeconds);
    this.err = err;
    this.out = out;
  }

  @Override
  public void run() {
    long startMs = System.currentTimeMillis();
    long deadline = System.nanoTime() + intervalNanos;
    long intervalStartMs = startMs;
    long lastOps = 0;
    boolean done;
    do {
      long nowMs = System.currentTimeMillis();
      lastOps = report(startMs, intervalStartMs, nowMs, lastOps);
      if (jvmStats != null) {
        jvmStats.sample();
      }
      done = waitUntil(deadline);
      intervalStartMs = nowMs;
      deadline += intervalNanos;
    } while (!done);
    if (jvmStats != null) {
      jvmStats.sample();
    }
    report(startMs, intervalStartMs, System.currentTimeMillis(), lastOps);
  }

  private long report(long startMs, long intervalStartMs, long nowMs, long lastOps) {
    long total = 0;
    long todo = 0;
    for (Progress c : clients) {
      total += c.opsDone();
      todo += c.opsTodo();
    }
    long elapsedMs = nowMs - startMs;
    double throughput = 1000.0 * total / elapsedMs;
    double current = 1000.0 * (total - lastOps) / (nowMs - intervalStartMs);
    DecimalFormat d = new DecimalFormat("#.##");
    StringBuilder msg = new StringBuilder(label)
        .append(new SimpleDateFormat("yyyy-MM-dd HH:mm:ss:SSS").format(new Date()))
        .append(' ').append(elapsedMs / 1000).append(" sec: ")
        .append(total).append(" operations; ");
    if (total != 0) {
      msg.append(d.format(current)).append(" current ops/sec; ");
    }
    if (todo != 0 && total != 0) {
      msg.append("est completion in ").append(RemainingTime.format((long) Math.ceil(todo / throughput)));
    }
    msg.append(registry.summary());
    err.println(msg);
    if (out != null) {
      out.println(msg);
    }
    return total;
  }

  /**
   * Prints the last line and ends. An interrupt alone is not enough: HdrHistogram's interval
   * read, which the line calls, swallows one that arrives while it waits.
   */
  void finish() throws InterruptedException {
    finishing = true;
    interrupt();
    join();
  }

  /** Sleeps until the deadline, until every client finished or until told to finish; true if it is over. */
  private boolean waitUntil(long deadline) {
    long now = System.nanoTime();
    boolean done = false;
    while (!done && !finishing && now < deadline) {
      try {
        done = coordinator.awaitFinished(Math.min(deadline - now, POLL_NANOS), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        return true;
      }
      now = System.nanoTime();
    }
    return done || finishing;
  }
}
