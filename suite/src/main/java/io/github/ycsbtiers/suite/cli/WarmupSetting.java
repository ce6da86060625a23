package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The warm-up the phases ask bin/ycsb for: {@code -p warmuptime=SECONDS|auto} ({@code auto} ends
 * when the JIT has settled and throughput is stable, capped by {@code warmuptime.max}). Run phases
 * warm up by default; a Load only with {@code --warmup-load}, because its warm-up inserts are taken
 * from its own records and a Load is otherwise measured whole.
 */
public final class WarmupSetting {
  public static final String AUTO = "auto";
  /** bin/ycsb's cap of {@code auto}; always passed, so the notes state the cap the phases ran with. */
  public static final long DEFAULT_MAX_SECONDS = 60;
  /** The longest warm-up or cap the options take (a day). */
  static final long MAX_SECONDS = 86_400;

  /** -1: auto. */
  private final long seconds;
  private final long maxSeconds;
  private final boolean loads;

  private WarmupSetting(long seconds, long maxSeconds, boolean loads) {
    this.seconds = seconds;
    this.maxSeconds = maxSeconds;
    this.loads = loads;
  }

  /**
   * From {@code --warmup} (null: auto), {@code --warmup-max} (null: the default cap) and
   * {@code --warmup-load}. A cap or a warmed-up Load that the warm-up would not use is refused
   * rather than ignored.
   */
  static WarmupSetting of(String warmup, String max, boolean loads) {
    long s = warmup == null ? -1 : parseTime(warmup);
    long cap = DEFAULT_MAX_SECONDS;
    if (max != null) {
      cap = Values.positive("--warmup-max", max, MAX_SECONDS);
      if (s >= 0) {
        throw UsageException.badValue("--warmup-max", max, "caps only --warmup auto, not --warmup " + s);
      }
    }
    if (loads && s == 0) {
      throw new UsageException("--warmup-load: a Load cannot warm up with --warmup 0 (no warm-up)");
    }
    return new WarmupSetting(s, cap, loads);
  }

  private static long parseTime(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals(AUTO)) {
      return -1;
    }
    String allowed = "auto, or a whole number of seconds from 0 (no warm-up) to " + MAX_SECONDS;
    long n = PropertyValues.wholeNumber(v).orElse(-1);
    if (n >= 0 && n <= MAX_SECONDS) {
      return n;
    }
    throw UsageException.badValue("--warmup", value, allowed);
  }

  public boolean auto() {
    return seconds < 0;
  }

  public boolean off() {
    return seconds == 0;
  }

  /** A fixed warm-up's seconds (0: none); -1 for {@code auto}. */
  public long seconds() {
    return seconds;
  }

  /** Whether Loads warm up too ({@code --warmup-load}). */
  public boolean loads() {
    return loads;
  }

  /** Whether a phase of this kind warms up. */
  public boolean appliesTo(boolean load) {
    return !off() && (loads || !load);
  }

  /** The phase's {@code -p} properties: none when it does not warm up. */
  public Map<String, String> properties(boolean load) {
    Map<String, String> props = new LinkedHashMap<>();
    if (appliesTo(load)) {
      props.put("warmuptime", auto() ? AUTO : Long.toString(seconds));
      if (auto()) {
        props.put("warmuptime.max", Long.toString(maxSeconds));
      }
    }
    return props;
  }

  /** What the phases are given, e.g. {@code warmuptime=auto, cap 60 s} or {@code warmuptime=10}. */
  public String describe() {
    return auto() ? "warmuptime=auto, cap " + maxSeconds + " s" : "warmuptime=" + seconds;
  }
}
