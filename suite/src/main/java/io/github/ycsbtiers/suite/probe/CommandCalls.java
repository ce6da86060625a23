package io.github.ycsbtiers.suite.probe;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Parses {@code INFO commandstats}: lines {@code cmdstat_set:calls=12,usec=...}. */
public final class CommandCalls {
  private CommandCalls() {
  }

  /** Command name (lower case, e.g. {@code set}, {@code client|setname}) to calls. */
  public static Map<String, Long> parse(String info) {
    Map<String, Long> calls = new TreeMap<>();
    for (String line : info.split("\r?\n")) {
      if (!line.startsWith("cmdstat_") || line.indexOf(':') < 0) {
        continue;
      }
      String name = line.substring("cmdstat_".length(), line.indexOf(':')).toLowerCase(Locale.ROOT);
      for (String field : line.substring(line.indexOf(':') + 1).split(",")) {
        if (field.startsWith("calls=")) {
          calls.put(name, Long.parseLong(field.substring("calls=".length()).trim()));
        }
      }
    }
    return calls;
  }
}
