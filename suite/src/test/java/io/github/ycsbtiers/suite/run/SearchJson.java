package io.github.ycsbtiers.suite.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads search.json's searches and steps (one object a line, as SearchReport writes them) without the suite's classes. */
final class SearchJson {
  private static final Pattern FIELD = Pattern.compile("\"(\\w+)\": (\"(?:[^\"\\\\]|\\\\.)*\"|[^,}\\[]+)");

  record Search(Map<String, String> fields, List<Map<String, String>> steps) {
    String get(String name) {
      return fields.get(name);
    }

    Map<String, String> step(int number) {
      return steps.get(number - 1);
    }
  }

  private SearchJson() {
  }

  static List<Search> read(Path dir) throws IOException {
    List<Search> searches = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("search.json"))) {
      String t = line.trim();
      if (t.startsWith("{\"target\"")) {
        searches.add(new Search(fields(t.substring(0, t.indexOf("\"steps\""))), new ArrayList<>()));
      } else if (t.startsWith("{\"number\"")) {
        searches.get(searches.size() - 1).steps().add(fields(t));
      }
    }
    return searches;
  }

  private static Map<String, String> fields(String text) {
    Map<String, String> m = new LinkedHashMap<>();
    Matcher matcher = FIELD.matcher(text);
    while (matcher.find()) {
      String v = matcher.group(2).trim();
      m.put(matcher.group(1), v.startsWith("\"") ? v.substring(1, v.length() - 1) : v);
    }
    return m;
  }
}
