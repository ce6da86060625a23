package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.util.concurrent.TimeUnit;

/**
 * How long the clients run the phase's workload, unmeasured, before measuring starts:
 * {@code warmuptime} in seconds or as a duration such as {@code 2m} (go-ycsb's name; 0, the
 * default, is upstream's behaviour: no warm-up) or {@code auto} (until the JIT compiler has gone
 * quiet and throughput has settled, at most {@code warmuptime.max} seconds).
 */
public final class WarmupOptions {
  public static final String WARMUP_TIME = "warmuptime";
  public static final String WARMUP_MAX = "warmuptime.max";
  public static final long DEFAULT_MAX_SECONDS = 60;
  private static final long LIMIT_SECONDS = 86_400;

  /** No warm-up, a fixed number of seconds, or until settled. */
  public enum Mode { NONE, FIXED, AUTO }

  private final Mode mode;
  private final long seconds;
  private final long maxSeconds;

  private WarmupOptions(Mode mode, long seconds, long maxSeconds) {
    this.mode = mode;
    this.seconds = seconds;
    this.maxSeconds = maxSeconds;
  }

  public static WarmupOptions none() {
    return new WarmupOptions(Mode.NONE, 0, DEFAULT_MAX_SECONDS);
  }

  public static WarmupOptions fixed(long seconds) {
    return seconds == 0 ? none() : new WarmupOptions(Mode.FIXED, seconds, DEFAULT_MAX_SECONDS);
  }

  public static WarmupOptions auto(long maxSeconds) {
    return new WarmupOptions(Mode.AUTO, 0, maxSeconds);
  }

  /** @throws PropertyException naming the property, the value and what is allowed */
  public static WarmupOptions fromProperties(PropertyReader r) {
    long max = r.duration(WARMUP_MAX, DEFAULT_MAX_SECONDS, TimeUnit.SECONDS, 1, LIMIT_SECONDS);
    if (r.string(WARMUP_TIME, "0").equals("auto")) {
      return auto(max);
    }
    try {
      return fixed(r.duration(WARMUP_TIME, 0, TimeUnit.SECONDS, 0, LIMIT_SECONDS));
    } catch (PropertyException e) {
      throw PropertyException.badValue(WARMUP_TIME, e.value(), e.allowed() + "; or auto");
    }
  }

  public Mode mode() {
    return mode;
  }

  public boolean enabled() {
    return mode != Mode.NONE;
  }

  /** The fixed warm-up in seconds (FIXED only). */
  public long seconds() {
    return seconds;
  }

  /** The cap of {@code auto} in seconds. */
  public long maxSeconds() {
    return maxSeconds;
  }
}
