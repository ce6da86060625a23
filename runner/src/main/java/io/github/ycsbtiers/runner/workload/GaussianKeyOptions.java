package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.runner.workload.generator.NormalQuantile;
import java.util.Locale;

/**
 * The parameters of {@code requestdistribution=gaussian}, resolved to key numbers over the load
 * range {@code insertstart .. insertstart + insertcount - 1} (memtier's key minimum and maximum).
 *
 * <p>{@code gaussian.mean} and {@code gaussian.stddev} take two forms, told apart by their
 * spelling: a whole number written with digits only ({@code 385570927}) is a count of key
 * numbers (the mean an absolute key number, the deviation a width); a number with a decimal point
 * ({@code 0.5}, {@code 1.0}, {@code 0.065}) is a fraction of the range. Defaults: the mean is the
 * middle of the range (memtier's {@code G:G}), the deviation a sixth of the range (memtier's
 * default {@code --key-stddev}).
 *
 * <p>The targeting form {@code gaussian.hitratio=H gaussian.hotshare=S} (S defaults to 0.2) sets
 * the deviation so that a share H of the draws falls in the S of the keys around the mean:
 * sigma = (S / 2 x range) / z((1 + H) / 2), z the standard normal quantile. It excludes
 * {@code gaussian.stddev}.
 *
 * @param mean the centre, a key number within the range
 * @param stddev the standard deviation in key numbers
 * @param hitRatio {@code gaussian.hitratio}, or NaN when the deviation was given directly
 * @param hotShare {@code gaussian.hotshare}, or NaN likewise
 * @param meanText how the mean was set, for the start-up line
 * @param stddevText how the deviation was set, for the start-up line
 */
public record GaussianKeyOptions(long mean, double stddev, double hitRatio, double hotShare,
    String meanText, String stddevText) {

  public static final String MEAN = "gaussian.mean";
  public static final String STDDEV = "gaussian.stddev";
  public static final String HIT_RATIO = "gaussian.hitratio";
  public static final String HOT_SHARE = "gaussian.hotshare";
  public static final double DEFAULT_HOT_SHARE = 0.2;
  /** A deviation beyond this many ranges is uniform in all but cost (redraws); refused. */
  static final double MAX_STDDEV_RANGES = 10;

  /**
   * Reads the {@code gaussian.*} properties for the range [first, last].
   *
   * @throws PropertyException naming the property, the value and what is allowed
   */
  static GaussianKeyOptions fromProperties(PropertyReader r, long first, long last) {
    double range = (double) last - first + 1;
    long mean = first + (last - first) / 2;
    String meanText = "the middle of the range";
    if (r.isSet(MEAN)) {
      String raw = r.string(MEAN, "").trim();
      if (isKeyNumber(raw)) {
        mean = parseKey(MEAN, raw, first, last);
        meanText = "key number (" + MEAN + "=" + raw + ")";
      } else {
        double f = fraction(MEAN, raw, "a key number from " + first + " to " + last
            + " (digits only) or a fraction of the range from 0.0 to 1.0 (with a decimal point)");
        mean = first + Math.min(last - first, (long) Math.rint(f * ((double) last - first)));
        meanText = "fraction " + raw + " of the range";
      }
    }

    boolean targeting = r.isSet(HIT_RATIO);
    if (r.isSet(HOT_SHARE) && !targeting) {
      throw PropertyException.badValue(HOT_SHARE, r.string(HOT_SHARE, ""),
          "only together with " + HIT_RATIO + " (the targeting form)");
    }
    if (targeting && r.isSet(STDDEV)) {
      throw PropertyException.badValue(STDDEV, r.string(STDDEV, ""),
          "not together with " + HIT_RATIO + ", which computes the deviation; set one of the two");
    }
    if (targeting) {
      double hit = open(r, HIT_RATIO, "a number greater than 0 and less than 1", false);
      double hot = r.isSet(HOT_SHARE)
          ? open(r, HOT_SHARE, "a number greater than 0 and at most 1", true) : DEFAULT_HOT_SHARE;
      double sigma = sigmaFor(hit, hot, range);
      String text = String.format(Locale.ROOT, "%s=%s of the draws in the middle %s=%s of the keys",
          HIT_RATIO, fmt(hit), HOT_SHARE, fmt(hot));
      return new GaussianKeyOptions(mean, sigma, hit, hot, meanText, text);
    }

    double sigma = range / 6;
    String sigmaText = "default, a sixth of the range";
    if (r.isSet(STDDEV)) {
      String raw = r.string(STDDEV, "").trim();
      String allowed = "a number of key numbers above 0 (digits only) or a fraction of the range above 0"
          + " (with a decimal point), at most " + (long) MAX_STDDEV_RANGES + " ranges";
      if (isKeyNumber(raw)) {
        sigma = number(STDDEV, raw, allowed);
        if (!(sigma > 0)) {
          throw PropertyException.badValue(STDDEV, raw, allowed);
        }
        sigmaText = "key numbers (" + STDDEV + "=" + raw + ")";
      } else {
        double f = number(STDDEV, raw, allowed);
        if (!(f > 0)) {
          throw PropertyException.badValue(STDDEV, raw, allowed);
        }
        sigma = f * range;
        sigmaText = "fraction " + raw + " of the range";
      }
      if (sigma > MAX_STDDEV_RANGES * range) {
        throw PropertyException.badValue(STDDEV, raw, allowed);
      }
    }
    return new GaussianKeyOptions(mean, sigma, Double.NaN, Double.NaN, meanText, sigmaText);
  }

  /** sigma = (hotShare / 2 x range) / z((1 + hitRatio) / 2). */
  public static double sigmaFor(double hitRatio, double hotShare, double range) {
    return hotShare / 2 * range / NormalQuantile.quantile((1 + hitRatio) / 2);
  }

  /** The share of an untruncated normal's draws within +/- halfWidth of its mean. */
  public static double shareWithin(double halfWidth, double sigma) {
    return 2 * NormalQuantile.cdf(halfWidth / sigma) - 1;
  }

  /** The start-up line that says which deviation was chosen. */
  String describe(long first, long last) {
    double range = (double) last - first + 1;
    double hotShare = Double.isNaN(this.hotShare) ? DEFAULT_HOT_SHARE : this.hotShare;
    return String.format(Locale.ROOT,
        "requestdistribution=gaussian: keys %d..%d, mean %d (%s), stddev %.1f key numbers = %.6f of the range (%s);"
            + " untruncated, %.2f%% of the draws fall in the middle %s%% of the keys",
        first, last, mean, meanText, stddev, stddev / range, stddevText,
        100 * shareWithin(hotShare / 2 * range, stddev), fmt(100 * hotShare));
  }

  /** A whole number (no decimal point): a key number rather than a fraction of the range. */
  private static boolean isKeyNumber(String raw) {
    return PropertyValues.wholeNumber(raw).isPresent();
  }

  private static long parseKey(String name, String raw, long min, long max) {
    long v = PropertyValues.wholeNumber(raw).orElse(min - 1);
    if (v < min || v > max) {
      throw PropertyException.badValue(name, raw, "a key number from " + min + " to " + max);
    }
    return v;
  }

  private static double fraction(String name, String raw, String allowed) {
    double f = number(name, raw, allowed);
    if (!(f >= 0 && f <= 1)) {
      throw PropertyException.badValue(name, raw, allowed);
    }
    return f;
  }

  private static double open(PropertyReader r, String name, String allowed, boolean oneAllowed) {
    String raw = r.string(name, "").trim();
    double v = number(name, raw, allowed);
    if (!(v > 0 && (v < 1 || oneAllowed && v == 1))) {
      throw PropertyException.badValue(name, raw, allowed);
    }
    return v;
  }

  private static double number(String name, String raw, String allowed) {
    return PropertyValues.decimal(raw).orElseThrow(() -> PropertyException.badValue(name, raw, allowed));
  }

  private static String fmt(double v) {
    String s = String.format(Locale.ROOT, "%.6f", v);
    return s.replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
