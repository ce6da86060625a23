package io.github.ycsbtiers.suite.browser;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.codehaus.jackson.JsonNode;

/**
 * Compares the target tables a page shows with summary.json, read on their own: every cell must be
 * the figure of summary.json printed as docs/scenarios.md says (QPS and p99 whole, averages to one
 * decimal, hit ratios to two, {@code -} for none), every result must have its row, and every column
 * must be one this check knows. Reads directories of one round (a cell of several rounds is an
 * interval, which this check does not recompute).
 */
final class SummaryCells {
  private SummaryCells() {
  }

  /** {@code tables}: per target table, {@code {target, header: [..], rows: [{group, phase, cells: [..]}]}}. */
  static List<String> compare(JsonNode summary, JsonNode tables) {
    List<String> problems = new ArrayList<>();
    boolean groupRows = DevTools.text(summary.path("layout")).equals("GROUP_ROWS");
    String groupLabel = DevTools.text(summary.path("groupLabel"));
    Map<String, JsonNode> results = new LinkedHashMap<>();
    for (JsonNode r : summary.path("results")) {
      if (results.put(key(DevTools.text(r.path("target")), DevTools.text(r.path("group")), DevTools.text(r.path("phase"))), r) != null) {
        problems.add("summary.json has several rounds of " + key(DevTools.text(r.path("target")), DevTools.text(r.path("group")),
            DevTools.text(r.path("phase"))) + ": this check reads directories of one round");
      }
    }
    Set<String> shown = new HashSet<>();
    Set<String> targets = new HashSet<>();
    for (JsonNode table : tables) {
      String target = DevTools.text(table.path("target"));
      targets.add(target);
      List<String> header = new ArrayList<>();
      table.path("header").forEach(h -> header.add(h.asText()));
      for (JsonNode row : table.path("rows")) {
        String group = DevTools.text(row.path("group"));
        String phase = row.path("phase").isNull() || row.path("phase").isMissingNode() ? null : DevTools.text(row.path("phase"));
        List<String> cells = new ArrayList<>();
        row.path("cells").forEach(c -> cells.add(c.asText()));
        if (cells.size() != header.size()) {
          problems.add(target + " " + group + ": " + cells.size() + " cells under " + header.size() + " columns");
          continue;
        }
        for (int i = 0; i < header.size(); i++) {
          String h = header.get(i);
          String expected;
          if (h.equals(groupLabel)) {
            expected = group;
          } else if (groupRows) {
            expected = groupCell(h, results, target, group, shown);
          } else {
            String k = key(target, group, phase);
            shown.add(k);
            expected = phaseCell(h, results.get(k));
          }
          if (expected == null) {
            problems.add(target + " " + group + ": column '" + h + "' is not one this check knows");
          } else if (!expected.equals(cells.get(i))) {
            problems.add(target + " " + group + (phase == null ? "" : " " + phase) + ", column '" + h + "': the page shows "
                + cells.get(i) + ", summary.json gives " + expected);
          }
        }
      }
    }
    for (JsonNode t : summary.path("targets")) {
      if (!targets.contains(DevTools.text(t.path("name")))) {
        problems.add("no table for target " + DevTools.text(t.path("name")));
      }
    }
    results.keySet().stream().filter(k -> !shown.contains(k))
        .forEach(k -> problems.add("summary.json's result " + k + " is in no row of the page"));
    return problems;
  }

  /** A {@code PHASE_ROWS} cell; null for a column this check does not know. */
  private static String phaseCell(String header, JsonNode r) {
    if (r == null) {
      return "(no result in summary.json)";
    }
    return switch (header) {
      case "phase" -> DevTools.text(r.path("phase"));
      case "QPS" -> whole(r.path("throughput"));
      case "avg (us)" -> tenths(r.path("avgUs"));
      case "p99 (us)" -> whole(r.path("p99Us"));
      case "read avg (us)" -> tenths(r.path("readAvgUs"));
      case "read p99 (us)" -> whole(r.path("readP99Us"));
      case "update avg (us)" -> tenths(r.path("updateAvgUs"));
      case "update p99 (us)" -> whole(r.path("updateP99Us"));
      case "hit ratio" -> hundredths(r.path("hitRatio"));
      case "DRAM read p99 (us)" -> whole(r.path("details").path("p99.READ-DRAM"));
      case "persistent read p99 (us)" -> whole(r.path("details").path("p99.READ-PERSISTENT"));
      default -> null;
    };
  }

  /** A {@code GROUP_ROWS} cell: {@code <phase> QPS}, {@code <phase> p99 (us)} or {@code <phase> hit}. */
  private static String groupCell(String header, Map<String, JsonNode> results, String target, String group,
      Set<String> shown) {
    for (String suffix : List.of(" QPS", " p99 (us)", " hit")) {
      if (header.endsWith(suffix)) {
        String k = key(target, group, header.substring(0, header.length() - suffix.length()));
        shown.add(k);
        JsonNode r = results.get(k);
        if (r == null) {
          return "-";
        }
        return switch (suffix) {
          case " QPS" -> whole(r.path("throughput"));
          case " p99 (us)" -> whole(r.path("p99Us"));
          default -> hundredths(r.path("hitRatio"));
        };
      }
    }
    return null;
  }

  private static String key(String target, String group, String phase) {
    return target + " " + group + " " + phase;
  }

  private static String whole(JsonNode v) {
    return format("%.0f", v);
  }

  private static String tenths(JsonNode v) {
    return format("%.1f", v);
  }

  private static String hundredths(JsonNode v) {
    return format("%.2f", v);
  }

  /** A number (or a details string holding one) printed; {@code -} for null or missing. */
  private static String format(String pattern, JsonNode v) {
    if (v.isMissingNode() || v.isNull()) {
      return "-";
    }
    double d = v.isTextual() ? Double.parseDouble(v.asText()) : v.asDouble();
    return String.format(Locale.ROOT, pattern, d);
  }
}
