package io.github.ycsbtiers.runner.ramp;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.api.ramp.RampRule;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.profile.ProfileOptions;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings of {@code -threads auto} ({@code threadcount=auto}), read once: the growth below which
 * a step is weak, two weak steps in a row stopping the ramp ({@code threads.auto.growth}, percent,
 * default 10; see {@link RampRule}), the most clients tried ({@code threads.auto.max}, default 256),
 * each step's measured seconds
 * ({@code threads.auto.seconds}, default 5) and an optional latency bound every operation type of
 * a step must meet ({@code threads.auto.bound}, {@code pNN<VALUE} with a unit us, ms or s, taken
 * from the report's {@code NNthPercentileLatency(us)} lines, so NN must be one of
 * {@code hdrhistogram.percentiles}). Refused for a load (a ramp would insert its records again and
 * again) and with {@code -target} or {@code target.profile} (the ramp is closed-loop).
 */
public final class RampOptions {
  public static final String AUTO = "auto";
  public static final String GROWTH = "threads.auto.growth";
  public static final String MAX = "threads.auto.max";
  public static final String SECONDS = "threads.auto.seconds";
  public static final String BOUND = "threads.auto.bound";
  private static final Pattern FORM = Pattern.compile("p(\\d+(?:\\.\\d+)?)\\s*<\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");

  private final double growth;
  private final int maxClients;
  private final long seconds;
  private final String boundPercentile;
  private final double boundUs;

  private RampOptions(PropertyReader r) {
    this.growth = r.doubleValue(GROWTH, 100 * RampRule.DEFAULT_GROWTH, 0.001, 1000) / 100;
    this.maxClients = r.intValue(MAX, RampRule.DEFAULT_MAX_CLIENTS, 1, 1_000_000);
    this.seconds = r.duration(SECONDS, 5, TimeUnit.SECONDS, 1, 86_400);
    String bound = r.string(BOUND, null);
    if (bound == null || bound.isEmpty()) {
      boundPercentile = null;
      boundUs = -1;
    } else {
      Matcher m = FORM.matcher(bound.trim().toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw PropertyException.badValue(BOUND, bound, "pNN<VALUE with a unit us, ms or s, e.g. p99<1ms");
      }
      boundPercentile = m.group(1);
      boundUs = PropertyValues.decimal(m.group(2)).getAsDouble() * switch (m.group(3)) {
        case "us" -> 1.0;
        case "ms" -> 1_000.0;
        default -> 1_000_000.0;
      };
    }
  }

  /** Whether {@code threadcount} asks for a ramp. */
  public static boolean requested(Properties props) {
    return AUTO.equals(props.getProperty(RunOptions.THREAD_COUNT, "").trim());
  }

  /** Reads the settings; refuses a ramp of a load or of a throttled run. */
  public static RampOptions fromProperties(Properties props) {
    PropertyReader r = new PropertyReader(props);
    if (!r.bool(RunOptions.DO_TRANSACTIONS, true)) {
      throw PropertyException.badValue(RunOptions.THREAD_COUNT, AUTO, "a ramp of run phases only (a load's ramp would"
          + " insert its records again at every step); give -threads N for a load");
    }
    if (r.isSet(RunOptions.TARGET) && r.longValue(RunOptions.TARGET, 0, 0, Long.MAX_VALUE) > 0) {
      throw PropertyException.badValue(RunOptions.THREAD_COUNT, AUTO, "the ramp is closed-loop; leave -target unset,"
          + " or give -threads N");
    }
    if (r.isSet(ProfileOptions.PROFILE)) {
      throw PropertyException.badValue(RunOptions.THREAD_COUNT, AUTO, "the ramp is closed-loop; leave "
          + ProfileOptions.PROFILE + " unset, or give -threads N");
    }
    return new RampOptions(r);
  }

  public double growth() {
    return growth;
  }

  public int maxClients() {
    return maxClients;
  }

  public long seconds() {
    return seconds;
  }

  /** The bound's percentile as the report names it ({@code 99}, {@code 99.9}); null without a bound. */
  public String boundPercentile() {
    return boundPercentile;
  }

  public double boundUs() {
    return boundUs;
  }

  /** The bound as the ramp's stop names it ({@code p99 < 1000 us}); null without one. */
  public RampRule.Bound bound() {
    if (boundPercentile == null) {
      return null;
    }
    String us = boundUs == Math.rint(boundUs) ? Long.toString((long) boundUs) : Double.toString(boundUs);
    return new RampRule.Bound("p" + boundPercentile + " < " + us + " us", "p" + boundPercentile);
  }
}
