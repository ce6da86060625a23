package io.github.ycsbtiers.runner.warmup;

import io.github.ycsbtiers.runner.config.WarmupOptions;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Decides, on the thread that runs the phase, when the warm-up ends: after {@code warmuptime}
 * seconds, or for {@code auto} when {@link SettleDetector} says so (sampled once a second), or
 * earlier when the clients end it themselves (a Load's warm-up may use at most half the records)
 * or the run is stopped.
 */
public final class WarmupTimer {
  private static final long SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** What the timer waits on: the clients' own end of the warm-up. */
  public interface EarlyEnd {
    /**
     * Waits up to {@code nanos} for the warm-up to be ended by the clients or a stop.
     *
     * @return why it ended, or null if the time passed first
     */
    String await(long nanos) throws InterruptedException;
  }

  private final WarmupOptions options;
  private final LongSupplier ops;
  private final LongSupplier jitMillis;
  private final LongSupplier clock;

  /**
   * @param ops operations completed by all clients since the warm-up started
   * @param jitMillis the JVM's total compilation time in ms, -1 if not monitored
   * @param clock a nanosecond clock
   */
  public WarmupTimer(WarmupOptions options, LongSupplier ops, LongSupplier jitMillis, LongSupplier clock) {
    this.options = options;
    this.ops = ops;
    this.jitMillis = jitMillis;
    this.clock = clock;
  }

  /** A timer on this JVM's clock and compiler. */
  public static WarmupTimer of(WarmupOptions options, LongSupplier ops) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    LongSupplier jitMillis = jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit::getTotalCompilationTime : () -> -1;
    return new WarmupTimer(options, ops, jitMillis, System::nanoTime);
  }

  /**
   * Waits until the warm-up is over.
   *
   * @return why it ended, for the report
   */
  public String awaitEnd(EarlyEnd early) throws InterruptedException {
    long start = clock.getAsLong();
    if (options.mode() == WarmupOptions.Mode.FIXED) {
      String reason = early.await(TimeUnit.SECONDS.toNanos(options.seconds()));
      return reason != null ? reason : "warmuptime=" + options.seconds() + " s elapsed";
    }
    SettleDetector detector = new SettleDetector(options.maxSeconds());
    detector.sample(0, ops.getAsLong(), jitMillis.getAsLong());
    long next = start + SAMPLE_NANOS;
    while (true) {
      String reason = early.await(Math.max(0, next - clock.getAsLong()));
      if (reason != null) {
        return reason;
      }
      long now = clock.getAsLong();
      reason = detector.sample(now - start, ops.getAsLong(), jitMillis.getAsLong());
      if (reason != null) {
        return "warmuptime=auto: " + reason;
      }
      next += SAMPLE_NANOS;
    }
  }

  /** The stderr line that says how the warm-up ended. */
  public static String endLine(long runtimeMillis, long operations, String reason) {
    return String.format(Locale.ROOT, "Warm-up ended after %.1f s and %d operations (not measured): %s",
        runtimeMillis / 1000.0, operations, reason);
  }
}
