package io.github.ycsbtiers.suite.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code [SECTION], Metric, value} lines of one YCSB text report, as written by bin/ycsb. */
public final class YcsbOutput {
  private final Map<String, Map<String, String>> sections;

  private YcsbOutput(Map<String, Map<String, String>> sections) {
    this.sections = sections;
  }

  public static YcsbOutput parse(String text) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    for (String line : text.split("\r?\n")) {
      if (!line.startsWith("[")) {
        continue;
      }
      int close = line.indexOf("], ");
      String[] rest = close < 0 ? new String[0] : line.substring(close + 3).split(", ", 2);
      if (rest.length == 2) {
        sections.computeIfAbsent(line.substring(1, close), s -> new LinkedHashMap<>()).put(rest[0], rest[1].trim());
      }
    }
    return new YcsbOutput(sections);
  }

  public boolean has(String section) {
    return sections.containsKey(section);
  }

  public String text(String section, String metric) {
    return sections.getOrDefault(section, Map.of()).get(metric);
  }

  /** The metric as a number; null when absent or not numeric. */
  public Double number(String section, String metric) {
    String v = text(section, metric);
    if (v == null) {
      return null;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  public Map<String, String> section(String section) {
    return Collections.unmodifiableMap(sections.getOrDefault(section, Map.of()));
  }

  /** Every section's name, in report order. */
  public java.util.Set<String> sectionNames() {
    return java.util.Collections.unmodifiableSet(sections.keySet());
  }
}
