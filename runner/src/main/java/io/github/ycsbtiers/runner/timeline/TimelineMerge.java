package io.github.ycsbtiers.runner.timeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The timelines of several clients of one run as one ({@code bin/ycsb merge -p timeline.file=FILE}):
 * their measured rows added row by row: under a rate profile the rows of one {@code profile_row}
 * (clients started on one {@code target.profile.start} cut their rows on the same boundaries, and a
 * client ready only after the start lacks the first rows), else row k of every client into merged
 * row k. Summed: {@code operations},
 * {@code ops_per_s}, the profile's {@code offered_operations}, {@code offered_ops_per_s},
 * {@code late_operations}, {@code dropped_operations}, {@code client_cpu_cores}, {@code gc_count},
 * {@code gc_pause_ms}, and per section its {@code count} and {@code returns}. A merged row has no
 * histogram: its percentiles ({@code p50_us} ... {@code max_us}, and the {@code intended} ones) are
 * the highest client's, an upper bound of the merged percentile. {@code time} is the latest client's,
 * {@code elapsed_s} and {@code interval_s} the longest; {@code clients} says how many clients had the
 * row. Binding sources and verdicts are per client and left out.
 */
public final class TimelineMerge {
  private static final List<String> SUMMED = List.of("operations", "ops_per_s", "offered_operations",
      "offered_ops_per_s", "late_operations", "dropped_operations", "client_cpu_cores", "gc_count", "gc_pause_ms");
  private static final List<String> PERCENTILES = List.of("p50_us", "p99_us", "p999_us", "max_us");

  private TimelineMerge() {
  }

  /**
   * The merged rows, one JSON object per line.
   *
   * @throws IOException when a file cannot be read
   * @throws IllegalArgumentException naming the file and line that is not a timeline row
   */
  public static List<String> merge(List<Path> files) throws IOException {
    List<List<Map<String, Object>>> clients = new ArrayList<>();
    for (Path f : files) {
      List<Map<String, Object>> rows = new ArrayList<>();
      List<String> lines = Files.readAllLines(f);
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).isBlank()) {
          continue;
        }
        Map<String, Object> row;
        try {
          row = JsonRow.parse(lines.get(i));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
          throw new IllegalArgumentException(f + " line " + (i + 1) + " is not a timeline row: " + e.getMessage());
        }
        if ("measured".equals(row.get("phase"))) {
          rows.add(row);
        }
      }
      clients.add(rows);
    }
    // rows of one profile_row together (a client late for the profile's start lacks the first), else
    // by position
    Map<Long, List<Map<String, Object>>> byRow = new TreeMap<>();
    for (List<Map<String, Object>> c : clients) {
      for (int k = 0; k < c.size(); k++) {
        Object n = c.get(k).get("profile_row");
        long key = n instanceof Double d ? d.longValue() : k;
        byRow.computeIfAbsent(key, x -> new ArrayList<>()).add(c.get(k));
      }
    }
    List<String> out = new ArrayList<>(byRow.size());
    byRow.values().forEach(rows -> out.add(row(rows)));
    return out;
  }

  private static String row(List<Map<String, Object>> rows) {
    String time = "";
    double elapsed = 0;
    double interval = 0;
    Map<String, Double> sums = new LinkedHashMap<>();
    Map<String, Map<String, Object>> sections = new TreeMap<>();
    for (Map<String, Object> r : rows) {
      String t = String.valueOf(r.get("time"));
      time = t.compareTo(time) > 0 ? t : time;
      elapsed = Math.max(elapsed, number(r.get("elapsed_s")));
      interval = Math.max(interval, number(r.get("interval_s")));
      for (String name : SUMMED) {
        if (r.get(name) instanceof Double d) {
          sums.merge(name, d, Double::sum);
        }
      }
      if (r.get("sections") instanceof Map<?, ?> s) {
        s.forEach((name, v) -> section(sections.computeIfAbsent((String) name, n -> new LinkedHashMap<>()), v));
      }
    }
    TimelineRow row = new TimelineRow().string("time", time).number("elapsed_s", elapsed)
        .number("interval_s", interval).string("phase", "measured").number("clients", rows.size());
    if (rows.get(0).get("profile_row") instanceof Double k) {
      row.number("profile_row", k);
    }
    sums.forEach(row::number);
    TimelineRow all = new TimelineRow();
    sections.forEach((name, s) -> all.object(name, write(s)));
    return row.object("sections", all).end();
  }

  /** Adds one client's section {@code v} into {@code into}: counts and return codes summed, percentiles the highest. */
  @SuppressWarnings("unchecked")
  private static void section(Map<String, Object> into, Object v) {
    if (!(v instanceof Map<?, ?> s)) {
      return;
    }
    into.merge("count", number(s.get("count")), (a, b) -> (Double) a + (Double) b);
    highest(into, s);
    if (s.get("intended") instanceof Map<?, ?> i) {
      highest((Map<String, Object>) into.computeIfAbsent("intended", n -> new LinkedHashMap<String, Object>()), i);
    }
    if (s.get("returns") instanceof Map<?, ?> codes) {
      Map<String, Object> sum = (Map<String, Object>) into.computeIfAbsent("returns",
          n -> new TreeMap<String, Object>());
      codes.forEach((code, n) -> sum.merge((String) code, number(n), (a, b) -> (Double) a + (Double) b));
    }
  }

  private static void highest(Map<String, Object> into, Map<?, ?> from) {
    for (String p : PERCENTILES) {
      if (from.get(p) instanceof Double d) {
        into.merge(p, d, (a, b) -> Math.max((Double) a, (Double) b));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static TimelineRow write(Map<String, Object> values) {
    TimelineRow r = new TimelineRow();
    values.forEach((k, v) -> {
      if (v instanceof Map<?, ?> m) {
        r.object(k, write((Map<String, Object>) m));
      } else {
        r.number(k, (Double) v);
      }
    });
    return r;
  }

  private static double number(Object v) {
    return v instanceof Double d ? d : 0;
  }
}
