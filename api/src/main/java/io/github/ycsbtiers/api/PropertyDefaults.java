package io.github.ycsbtiers.api;

import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Properties that remember the default each options reader applied to a property it found unset,
 * so that the documented defaults can be checked against the code's own (the docs check parses
 * empty and partial settings through every module's {@code fromProperties} with one of these).
 * Readers call {@link #note}; for any other {@link Properties} it does nothing.
 */
public final class PropertyDefaults extends Properties {
  private static final long serialVersionUID = 1L;
  private final transient Map<String, String> applied = new TreeMap<>();

  /** @param values the properties that are set */
  public PropertyDefaults(Properties values) {
    putAll(values);
  }

  /** Records that {@code name} was unset in {@code props} and took {@code defaultValue} (null: none). */
  public static void note(Properties props, String name, Object defaultValue) {
    if (props instanceof PropertyDefaults d) {
      d.applied.putIfAbsent(name, defaultValue == null ? null : String.valueOf(defaultValue));
    }
  }

  /** Each property found unset, with the default it took ({@code null} for none), by name. */
  public Map<String, String> applied() {
    return Collections.unmodifiableMap(applied);
  }

  @Override
  public synchronized boolean equals(Object o) {
    return super.equals(o);
  }

  @Override
  public synchronized int hashCode() {
    return super.hashCode();
  }
}
