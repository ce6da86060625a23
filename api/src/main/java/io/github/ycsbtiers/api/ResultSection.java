package io.github.ycsbtiers.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One extra section of the end-of-run report, such as {@code [TIER]}: an ordered list of
 * measurements, each a number (written through YCSB's exporter like any other figure) or a short
 * label such as a medium name or a path. Immutable; build one with {@link #builder(String)}.
 */
public final class ResultSection {
  private final String name;
  private final Map<String, Object> values;

  private ResultSection(String name, Map<String, Object> values) {
    this.name = name;
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The section name without brackets, e.g. {@code TIER}. */
  public String name() {
    return name;
  }

  /** Measurement name to value ({@link Long}, {@link Double} or {@link String}), in report order. */
  public Map<String, Object> values() {
    return values;
  }

  @Override
  public String toString() {
    return "[" + name + "] " + values;
  }

  /** Collects measurements in the order they should be reported. */
  public static final class Builder {
    private final String name;
    private final Map<String, Object> values = new LinkedHashMap<>();

    private Builder(String name) {
      this.name = requireWord(name, "section name");
    }

    public Builder add(String measurement, long value) {
      values.put(requireWord(measurement, "measurement name"), value);
      return this;
    }

    public Builder add(String measurement, double value) {
      values.put(requireWord(measurement, "measurement name"), value);
      return this;
    }

    public Builder add(String measurement, String label) {
      values.put(requireWord(measurement, "measurement name"), Objects.requireNonNull(label, "label"));
      return this;
    }

    public ResultSection build() {
      return new ResultSection(name, values);
    }

    private static String requireWord(String s, String what) {
      if (s == null || s.isEmpty() || s.contains(",") || s.contains("\n")) {
        throw new IllegalArgumentException(what + " must be non-empty without commas or newlines: " + s);
      }
      return s;
    }
  }
}
