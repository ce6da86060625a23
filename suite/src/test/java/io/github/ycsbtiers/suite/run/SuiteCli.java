package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Test helpers: run the suite in this JVM (phases are still bin/ycsb child processes) and read its files. */
final class SuiteCli {
  private SuiteCli() {
  }

  record Outcome(int status, String out, String err) {
  }

  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The rows of the Markdown table under {@code ## heading}, each as its cells (header and rule left out). */
  static List<List<String>> table(String markdown, String heading) {
    List<List<String>> rows = new ArrayList<>();
    String[] lines = markdown.split("\n");
    int i = 0;
    while (i < lines.length && !lines[i].equals("## " + heading)) {
      i++;
    }
    int seen = 0;
    for (i++; i < lines.length && !lines[i].startsWith("## "); i++) {
      if (lines[i].startsWith("|")) {
        if (seen++ >= 2) {
          List<String> cells = new ArrayList<>();
          for (String c : lines[i].substring(1, lines[i].length() - 1).split("\\|")) {
            cells.add(c.trim());
          }
          rows.add(cells);
        }
      }
    }
    return rows;
  }

  /** The header cells of the table under {@code ## heading}. */
  static List<String> header(String markdown, String heading) {
    String[] lines = markdown.split("\n");
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].equals("## " + heading)) {
        for (int j = i + 1; j < lines.length; j++) {
          if (lines[j].startsWith("|")) {
            List<String> cells = new ArrayList<>();
            for (String c : lines[j].substring(1, lines[j].length() - 1).split("\\|")) {
              cells.add(c.trim());
            }
            return cells;
          }
        }
      }
    }
    return List.of();
  }

  /** The raw YCSB stdout of a target's phase: {@code raw/<target>/NN-<group>-<phase>.txt}. */
  static Path raw(Path dir, String target, String group, String phase) throws IOException {
    String suffix = "-" + group.replaceAll("[^A-Za-z0-9._-]+", "-") + "-" + phase + ".txt";
    try (Stream<Path> files = Files.list(dir.resolve("raw").resolve(target))) {
      return files.filter(f -> f.getFileName().toString().endsWith(suffix)).findFirst()
          .orElseThrow(() -> new AssertionError("no raw output *" + suffix + " for " + target));
    }
  }

  /**
   * The {@code op} operations (e.g. {@code READ}) a phase did in all, from its {@link #metrics}:
   * {@code [OP]} and {@code [OP-FAILED]} Operations plus every {@code [WARMUP], OP Return=CODE} count.
   */
  static long operations(Map<String, String> metrics, String op) {
    long n = 0;
    for (Map.Entry<String, String> e : metrics.entrySet()) {
      String k = e.getKey();
      if (k.equals("[" + op + "] Operations") || k.equals("[" + op + "-FAILED] Operations")
          || k.startsWith("[WARMUP] " + op + " Return=")) {
        n += Long.parseLong(e.getValue());
      }
    }
    return n;
  }

  /** The measured phase's operations of one type, failed ones included (no warm-up). */
  static long measuredOperations(Map<String, String> metrics, String op) {
    return Long.parseLong(metrics.getOrDefault("[" + op + "] Operations", "0"))
        + Long.parseLong(metrics.getOrDefault("[" + op + "-FAILED] Operations", "0"));
  }

  /** summary.json's {@code details} of the one result whose files include {@code report}, name to value. */
  static Map<String, String> detailsOf(String json, String report) {
    for (String block : json.split("\n    \\{\n")) {
      if (block.contains("\"" + report + "\"")) {
        String line = block.lines().filter(l -> l.trim().startsWith("\"details\": ")).findFirst().orElseThrow();
        Map<String, String> details = new LinkedHashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([^\"]+)\": \"([^\"]*)\"")
            .matcher(line.substring(line.indexOf('{')));
        while (m.find()) {
          details.put(m.group(1), m.group(2));
        }
        return details;
      }
    }
    throw new AssertionError("no result in summary.json has " + report);
  }

  /** {@code [SECTION], Metric, value} lines of a YCSB text report, read without the suite's parser. */
  static Map<String, String> metrics(Path raw) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : Files.readAllLines(raw)) {
      String[] parts = line.split(", ", 3);
      if (parts.length == 3 && parts[0].startsWith("[")) {
        m.put(parts[0] + " " + parts[1], parts[2]);
      }
    }
    return m;
  }
}
