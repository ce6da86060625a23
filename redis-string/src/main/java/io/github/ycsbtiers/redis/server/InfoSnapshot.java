package io.github.ycsbtiers.redis.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One node's {@code INFO everything} reply: its numeric fields by name, and per command (lower case,
 * as in {@code cmdstat_get}) its calls and microseconds. Fields that are not numbers (versions,
 * modes) and lines in other shapes are skipped, never an error.
 */
public record InfoSnapshot(Map<String, Double> fields, Map<String, long[]> commands) {

  public InfoSnapshot {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    commands = Collections.unmodifiableMap(new LinkedHashMap<>(commands));
  }

  public static InfoSnapshot parse(String info) {
    Map<String, Double> fields = new LinkedHashMap<>();
    Map<String, long[]> commands = new LinkedHashMap<>();
    for (String line : info.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (line.isEmpty() || line.startsWith("#") || colon <= 0) {
        continue;
      }
      String name = line.substring(0, colon);
      String value = line.substring(colon + 1).trim();
      if (name.startsWith("cmdstat_")) {
        long calls = subfield(value, "calls");
        long usec = subfield(value, "usec");
        if (calls >= 0) {
          commands.put(name.substring("cmdstat_".length()), new long[] {calls, Math.max(0, usec)});
        }
      } else {
        try {
          fields.put(name, Double.parseDouble(value));
        } catch (NumberFormatException notANumber) {
          // a label (redis_version, role) or a list (db0:keys=..): not a counter
        }
      }
    }
    return new InfoSnapshot(fields, commands);
  }

  /** A field's value, or 0 when the server does not have it. */
  public double field(String name) {
    return fields.getOrDefault(name, 0.0);
  }

  /** {@code calls=12,usec=34,...}: the named number, or -1. */
  private static long subfield(String value, String key) {
    for (String part : value.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0 && part.substring(0, eq).equals(key)) {
        try {
          return Long.parseLong(part.substring(eq + 1));
        } catch (NumberFormatException e) {
          return -1;
        }
      }
    }
    return -1;
  }
}
