package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.map.ObjectMapper;

/**
 * A results directory as compare reads it: its summary.json ({@code ycsb-suite-summary/1}) and,
 * for the per-second test, the timelines its phases name.
 *
 * @param argument which argument named it ({@code OLD_DIR} or {@code NEW_DIR}), for messages
 * @param targets the target names in command-line order
 * @param results every phase of every round, in run order
 */
public record ResultDir(String argument, Path dir, String scenario, String groupLabel, String startedAt,
    String status, List<String> targets, List<Phase> results) {
  /** The summary format this reads. */
  static final String FORMAT = "ycsb-suite-summary/1";

  /**
   * One phase of one round.
   *
   * @param round its round (details {@code round}), 0 for a phase that ran once
   * @param p99Us null when the phase has none
   * @param files its files, relative to the results directory
   */
  public record Phase(String target, String group, String phase, int round, double throughput, Double p99Us,
      List<String> files) {
  }

  public ResultDir {
    targets = List.copyOf(targets);
    results = List.copyOf(results);
  }

  /** Reads {@code dir}; a {@link CompareException} naming {@code argument} when it is not a results directory. */
  @SuppressWarnings("unchecked")
  public static ResultDir read(String argument, Path dir) {
    String where = argument + " " + dir;
    if (!Files.isDirectory(dir)) {
      throw new CompareException(where + ": " + (Files.exists(dir) ? "not a directory" : "no such directory"));
    }
    Path file = dir.resolve("summary.json");
    if (!Files.isRegularFile(file)) {
      throw new CompareException(where + ": no summary.json (give a bin/ycsb-suite results directory)");
    }
    Map<String, Object> json;
    try {
      json = new ObjectMapper().readValue(file.toFile(), Map.class);
    } catch (IOException | RuntimeException e) {
      throw new CompareException(where + ": summary.json is not readable JSON: " + e.getMessage(), e);
    }
    if (!FORMAT.equals(json.get("format"))) {
      throw new CompareException(where + ": summary.json has format " + json.get("format") + ", not " + FORMAT);
    }
    try {
      List<String> targets = new ArrayList<>();
      for (Map<String, Object> t : (List<Map<String, Object>>) json.get("targets")) {
        targets.add((String) t.get("name"));
      }
      List<Phase> results = new ArrayList<>();
      for (Map<String, Object> r : (List<Map<String, Object>>) json.get("results")) {
        Map<String, Object> details = (Map<String, Object>) r.getOrDefault("details", Map.of());
        Object round = details.get("round");
        Object p99 = r.get("p99Us");
        results.add(new Phase((String) r.get("target"), (String) r.get("group"), (String) r.get("phase"),
            round == null ? 0 : Integer.parseInt(round.toString()), ((Number) r.get("throughput")).doubleValue(),
            p99 == null ? null : ((Number) p99).doubleValue(), (List<String>) r.getOrDefault("files", List.of())));
      }
      return new ResultDir(argument, dir, (String) json.get("scenario"), (String) json.get("groupLabel"),
          (String) json.get("startedAt"), (String) json.get("status"), targets, results);
    } catch (RuntimeException e) {
      throw new CompareException(where + ": summary.json does not have the fields of " + FORMAT + ": " + e, e);
    }
  }

  /**
   * The throughput of each whole measured second of {@code p}, from the one timeline it names; null
   * when it names none (or several, one per client) or it cannot be read.
   */
  public double[] seconds(Phase p) {
    List<String> timelines = p.files().stream().filter(f -> f.endsWith(TimelineFile.SUFFIX)).toList();
    if (timelines.size() != 1 || !Files.isRegularFile(dir.resolve(timelines.get(0)))) {
      return null;
    }
    try {
      return TimelineFile.read(dir.resolve(timelines.get(0))).measuredRates();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** How many rounds its run phases had: the highest round number, 1 when there were none. */
  public int rounds() {
    return Math.max(1, results.stream().mapToInt(Phase::round).max().orElse(1));
  }
}
