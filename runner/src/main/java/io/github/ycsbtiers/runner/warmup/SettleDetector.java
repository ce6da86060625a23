package io.github.ycsbtiers.runner.warmup;

import java.util.Locale;

/**
 * The rule that ends {@code warmuptime=auto}, fed one sample a second: the warm-up has settled when
 * the JIT compiler spent at most {@value #QUIET_JIT_MILLIS} ms compiling over the last second and
 * the last two one-second throughputs differ by at most {@value #STEADY_PERCENT}% (of the larger),
 * after at least {@value #MIN_SECONDS} seconds; it stops at the cap otherwise, saying which signal
 * had not settled. A JVM without compilation-time monitoring is judged on throughput alone, and
 * the reason says so. Not thread-safe: one timer feeds it.
 */
public final class SettleDetector {
  /** Compilation time per second under which the JIT counts as quiet. */
  public static final long QUIET_JIT_MILLIS = 5;
  /** Largest difference between the last two one-second throughputs, in percent. */
  public static final double STEADY_PERCENT = 5.0;
  /** Shortest auto warm-up: two full one-second throughputs need three samples. */
  public static final int MIN_SECONDS = 3;

  private final long capNanos;
  private long lastNanos = -1;
  private long lastOps;
  private long lastJitMillis;
  private double lastRate = -1;
  private String notSettled = "no sample yet";

  /** @param capSeconds the longest warm-up */
  public SettleDetector(long capSeconds) {
    this.capNanos = capSeconds * 1_000_000_000L;
  }

  /**
   * Takes a sample and says whether the warm-up is over.
   *
   * @param elapsedNanos time since the warm-up started
   * @param ops operations completed since the warm-up started
   * @param jitMillis the JVM's total compilation time, or -1 if it is not monitored
   * @return why the warm-up ends now, or null to go on
   */
  public String sample(long elapsedNanos, long ops, long jitMillis) {
    String verdict = null;
    if (lastNanos >= 0 && elapsedNanos > lastNanos) {
      double rate = (ops - lastOps) * 1e9 / (elapsedNanos - lastNanos);
      long jit = jitMillis < 0 ? -1 : jitMillis - lastJitMillis;
      verdict = judge(elapsedNanos, rate, jit);
      lastRate = rate;
    }
    lastNanos = elapsedNanos;
    lastOps = ops;
    lastJitMillis = jitMillis;
    if (verdict == null && elapsedNanos >= capNanos) {
      verdict = String.format(Locale.ROOT, "the %d s cap of warmuptime=auto was reached before it settled (%s)",
          capNanos / 1_000_000_000L, notSettled);
    }
    return verdict;
  }

  private String judge(long elapsedNanos, double rate, long jitMillis) {
    boolean quiet = jitMillis < 0 || jitMillis <= QUIET_JIT_MILLIS;
    double change = lastRate < 0 ? Double.NaN : percentChange(lastRate, rate);
    boolean steady = !Double.isNaN(change) && change <= STEADY_PERCENT;
    String jitText = jitMillis < 0 ? "JIT compilation time not monitored by this JVM"
        : "JIT compiled for " + jitMillis + " ms in the last second";
    String rateText = Double.isNaN(change) ? "one throughput sample so far"
        : String.format(Locale.ROOT, "the last two one-second throughputs (%.0f, %.0f ops/sec) differ by %.1f%%",
            lastRate, rate, change);
    if (!quiet || !steady) {
      notSettled = !quiet && !steady ? jitText + ", " + rateText : !quiet ? jitText : rateText;
      return null;
    }
    if (elapsedNanos < MIN_SECONDS * 1_000_000_000L) {
      notSettled = "shorter than " + MIN_SECONDS + " s";
      return null;
    }
    return "settled: " + jitText + ", " + rateText;
  }

  /** Difference of two rates in percent of the larger; two seconds without a completion are not steady. */
  private static double percentChange(double a, double b) {
    double max = Math.max(a, b);
    return max == 0 ? 100 : 100.0 * Math.abs(a - b) / max;
  }
}
