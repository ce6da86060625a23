package io.github.ycsbtiers.testing;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Parses the {@code cmdstat_<name>:calls=N,...} lines of {@code INFO commandstats}. */
final class CommandStats {
  private static final String PREFIX = "cmdstat_";
  private static final String CALLS = "calls=";

  private CommandStats() {
  }

  static Map<String, Long> parse(String info) {
    Map<String, Long> calls = new TreeMap<>();
    for (String line : info.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (!line.startsWith(PREFIX) || colon < 0) {
        continue;
      }
      String name = line.substring(PREFIX.length(), colon).toLowerCase(Locale.ROOT);
      for (String field : line.substring(colon + 1).split(",")) {
        if (field.startsWith(CALLS)) {
          calls.put(name, Long.parseLong(field.substring(CALLS.length()).trim()));
        }
      }
    }
    return calls;
  }
}
