package io.github.ycsbtiers.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Typed, checked reads of properties, for the runner, the bindings and the embedded store alike:
 * each value follows the one syntax of {@link PropertyValues}, and each failure is a
 * {@link PropertyException} naming the property, the value and what is allowed. An unset property
 * takes the caller's default, which is reported to {@link PropertyDefaults}. Needs no YCSB type.
 *
 * <p>A value that is set but blank is a value (and refused where it is not allowed), except with
 * {@link #blankAsUnset}, whose blank values take the default, as a binding whose documented values
 * come from shell variables ({@code -p redis.password=$PASSWORD}) reads them.
 */
public final class PropertyReader {
  private final Properties props;
  private final boolean blankIsUnset;

  /** A reader for which a blank value is a value. */
  public PropertyReader(Properties props) {
    this(props, false);
  }

  private PropertyReader(Properties props, boolean blankIsUnset) {
    this.props = props;
    this.blankIsUnset = blankIsUnset;
  }

  /** A reader for which a set but blank value counts as unset. */
  public static PropertyReader blankAsUnset(Properties props) {
    return new PropertyReader(props, true);
  }

  public Properties properties() {
    return props;
  }

  /** Whether {@code name} has a value (for {@link #blankAsUnset}, a non-blank one). */
  public boolean isSet(String name) {
    return raw(name) != null;
  }

  /** The value trimmed, or {@code defaultValue} when unset. */
  public String string(String name, String defaultValue) {
    String v = raw(name);
    if (v == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    return v.trim();
  }

  /** A whole number in [min, max] ({@link PropertyValues#wholeNumber}). */
  public long longValue(String name, long defaultValue, long min, long max) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    return inRange(name, raw, PropertyValues.wholeNumber(raw), min, max, PropertyValues.wholeRange(min, max));
  }

  /** A whole number in [min, max], within an int. */
  public int intValue(String name, int defaultValue, int min, int max) {
    return (int) longValue(name, defaultValue, min, max);
  }

  /** A number in [min, max] ({@link PropertyValues#decimal}); {@code Double.MAX_VALUE} as max: no upper bound. */
  public double doubleValue(String name, double defaultValue, double min, double max) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    var v = PropertyValues.decimal(raw);
    if (v.isEmpty() || v.getAsDouble() < min || v.getAsDouble() > max) {
      throw PropertyException.badValue(name, raw, PropertyValues.decimalRange(min, max));
    }
    return v.getAsDouble();
  }

  /** {@code true} or {@code false}, in any case. */
  public boolean bool(String name, boolean defaultValue) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    return PropertyValues.bool(raw).orElseThrow(() -> PropertyException.badValue(name, raw, "true or false"));
  }

  /** A byte count in [min, max] ({@link PropertyValues#byteCount}: {@code 512m}, {@code 8g}). */
  public long bytes(String name, long defaultValue, long min, long max) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
      return defaultValue;
    }
    return inRange(name, raw, PropertyValues.byteCount(raw), min, max, PropertyValues.sizeRange(min, max));
  }

  /** A duration in whole {@code unit}s, in [min, max]: a bare number is in {@code unit}, or {@code 500ms}, {@code 2s}. */
  public long duration(String name, long defaultValue, TimeUnit unit, long min, long max) {
    return duration(name, defaultValue, unit, unit, min, max);
  }

  /**
   * A duration in whole {@code resolution}s (default, min and max too), a bare number counting in
   * {@code unit}: {@code timeline.interval=0.5} is 500 ms.
   */
  public long duration(String name, long defaultValue, TimeUnit unit, TimeUnit resolution, long min, long max) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, unit == resolution ? Long.toString(defaultValue)
          : PropertyValues.format((double) resolution.toNanos(defaultValue) / unit.toNanos(1)));
      return defaultValue;
    }
    return inRange(name, raw, PropertyValues.duration(raw, unit, resolution), min, max,
        PropertyValues.durationRange(unit, resolution, min, max));
  }

  /** One of a fixed set of words, compared case-sensitively as upstream YCSB does. */
  public String choice(String name, String defaultValue, String... allowed) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue);
    }
    String v = raw == null ? defaultValue : raw.trim();
    for (String a : allowed) {
      if (a.equals(v)) {
        return v;
      }
    }
    throw PropertyException.badValue(name, String.valueOf(raw), "one of " + String.join(", ", allowed));
  }

  /** A constant of {@code type} by its name in lower case, compared in any case. */
  public <E extends Enum<E>> E choice(String name, Class<E> type, E defaultValue) {
    String raw = raw(name);
    if (raw == null) {
      PropertyDefaults.note(props, name, defaultValue.name().toLowerCase(Locale.ROOT));
      return defaultValue;
    }
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(raw.trim())) {
        return e;
      }
    }
    throw PropertyException.badValue(name, raw, "one of " + Arrays.stream(type.getEnumConstants())
        .map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
  }

  private static long inRange(String name, String raw, OptionalLong v, long min, long max, String allowed) {
    if (v.isEmpty() || v.getAsLong() < min || v.getAsLong() > max) {
      throw PropertyException.badValue(name, raw, allowed);
    }
    return v.getAsLong();
  }

  /** The value as given; null when unset (or, for {@link #blankAsUnset}, blank). */
  private String raw(String name) {
    String v = props.getProperty(name);
    return v == null || blankIsUnset && v.isBlank() ? null : v;
  }
}
