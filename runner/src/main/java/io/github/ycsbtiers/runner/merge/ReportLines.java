package io.github.ycsbtiers.runner.merge;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code [SECTION], Metric, value} lines of a text report, in order. */
public final class ReportLines {
  private final Map<String, Map<String, String>> sections;

  private ReportLines(Map<String, Map<String, String>> sections) {
    this.sections = sections;
  }

  public static ReportLines parse(String text) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    for (String line : text.split("\r?\n")) {
      int close = line.indexOf("], ");
      if (!line.startsWith("[") || close < 0) {
        continue;
      }
      String[] rest = line.substring(close + 3).split(", ", 2);
      if (rest.length == 2) {
        sections.computeIfAbsent(line.substring(1, close), s -> new LinkedHashMap<>()).put(rest[0], rest[1].trim());
      }
    }
    return new ReportLines(sections);
  }

  public Map<String, Map<String, String>> sections() {
    return Collections.unmodifiableMap(sections);
  }

  Map<String, String> section(String name) {
    return sections.getOrDefault(name, Map.of());
  }

  /** Sections timed by a histogram: those with an Operations line, other than OVERALL and WARMUP. */
  boolean isOperation(String name) {
    return !name.equals("OVERALL") && !name.equals("WARMUP") && section(name).containsKey("Operations");
  }
}
