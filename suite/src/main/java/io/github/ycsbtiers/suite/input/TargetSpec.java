package io.github.ycsbtiers.suite.input;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One {@code --target NAME=BINDING[,prop=value...]}: a name shown in every table, the
 * {@code bin/ycsb} binding and the properties passed to each of its phases as {@code -p}.
 */
public record TargetSpec(String name, String binding, Map<String, String> properties) {
  /** Bindings whose store runs inside the phase's JVM; every other binding talks to a server. */
  public static final String EMBEDDED_BINDING = "tiered";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,31}");
  private static final Pattern BINDING = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
  private static final String FORM = "expected NAME=BINDING[,prop=value...], e.g. pmem=tiered,tiered.medium=pmem"
      + " or r1=redis,redis.host=10.0.0.5,redis.port=6379";

  public TargetSpec {
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
  }

  /** Parses the value of one {@code --target}. */
  public static TargetSpec parse(String value) {
    String[] parts = value.split(",", -1);
    int eq = parts[0].indexOf('=');
    if (eq < 0) {
      throw UsageException.badValue("--target", value, FORM);
    }
    String name = parts[0].substring(0, eq);
    String binding = parts[0].substring(eq + 1);
    if (!NAME.matcher(name).matches()) {
      throw UsageException.badValue("--target", value, "the name '" + name
          + "' must be 1-32 letters, digits, '_', '.' or '-', starting with a letter or digit; " + FORM);
    }
    if (!BINDING.matcher(binding).matches()) {
      throw UsageException.badValue("--target", value, "missing or invalid binding after '" + name + "='; " + FORM);
    }
    Map<String, String> props = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      int peq = parts[i].indexOf('=');
      if (peq <= 0) {
        throw UsageException.badValue("--target", value, "'" + parts[i] + "' is not prop=value; " + FORM);
      }
      String key = parts[i].substring(0, peq);
      if (props.put(key, parts[i].substring(peq + 1)) != null) {
        throw UsageException.badValue("--target", value, "property " + key + " is given twice");
      }
    }
    return new TargetSpec(name, binding, props);
  }

  /** True for the embedded tiered store, whose statistics come from its [TIER] section. */
  public boolean embedded() {
    return EMBEDDED_BINDING.equals(binding);
  }

  public String property(String key, String fallback) {
    return properties.getOrDefault(key, fallback);
  }

  /** The target as given on the command line, with password values masked. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(name).append('=').append(binding);
    properties.forEach((k, v) -> b.append(',').append(k).append('=').append(k.contains("password") ? "***" : v));
    return b.toString();
  }
}
