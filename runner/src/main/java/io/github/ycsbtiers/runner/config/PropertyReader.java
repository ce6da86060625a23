package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyDefaults;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;

/**
 * Typed, validated reads of YCSB properties. Every failure is a {@link ConfigException} that names
 * the property, the value and what is allowed, so callers never parse numbers themselves.
 */
public final class PropertyReader {
  private final Properties props;

  public PropertyReader(Properties props) {
    this.props = props;
  }

  public Properties properties() {
    return props;
  }

  public boolean isSet(String name) {
    return props.getProperty(name) != null;
  }

  public String string(String name, String defaultValue) {
    String v = props.getProperty(name);
    if (v == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    return v.trim();
  }

  /** A whole number in [min, max]; accepts underscores as digit separators (5_120_000_000). */
  public long longValue(String name, long defaultValue, long min, long max) {
    String raw = props.getProperty(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    long v;
    try {
      v = Long.parseLong(raw.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw ConfigException.badValue(name, raw, rangeText(min, max));
    }
    if (v < min || v > max) {
      throw ConfigException.badValue(name, raw, rangeText(min, max));
    }
    return v;
  }

  public int intValue(String name, int defaultValue, int min, int max) {
    return (int) longValue(name, defaultValue, min, max);
  }

  /** A decimal number in [min, max]. */
  public double doubleValue(String name, double defaultValue, double min, double max) {
    String raw = props.getProperty(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    double v;
    try {
      v = Double.parseDouble(raw.trim());
    } catch (NumberFormatException e) {
      throw ConfigException.badValue(name, raw, "a number from " + min + " to " + max);
    }
    if (Double.isNaN(v) || v < min || v > max) {
      throw ConfigException.badValue(name, raw, "a number from " + min + " to " + max);
    }
    return v;
  }

  /** {@code true} or {@code false}, case-insensitive. */
  public boolean bool(String name, boolean defaultValue) {
    String raw = props.getProperty(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    String v = raw.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw ConfigException.badValue(name, raw, "true or false");
  }

  /** One of a fixed set of words, compared case-sensitively as upstream YCSB does. */
  public String choice(String name, String defaultValue, String... allowed) {
    String raw = props.getProperty(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
    }
    String v = raw == null ? defaultValue : raw.trim();
    for (String a : allowed) {
      if (a.equals(v)) {
        return v;
      }
    }
    throw ConfigException.badValue(name, String.valueOf(raw), "one of " + String.join(", ", Arrays.asList(allowed)));
  }

  private static String rangeText(long min, long max) {
    if (max == Long.MAX_VALUE) {
      return "a whole number >= " + min;
    }
    return "a whole number from " + min + " to " + max;
  }
}
