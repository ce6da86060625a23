package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The summary's note on what limited each phase, one line per target, from the {@code [BOTTLENECK]}
 * section of each phase's report (kept in the phase's details as {@code bottleneck.<line>}, so
 * summary.json has every figure and the reason), e.g. "disk: what limited each phase: 7:1 load
 * none found; 1:4 uniform-read device-bound (device-queue: 21.3 in flight of 32 clients)". With
 * rounds, a cell lists each verdict its rounds reached with how many rounds and each round's
 * deciding figure. A phase whose report has no verdict (a bin/ycsb without it, several clients'
 * merged report) is left out; a target with none gets no line.
 */
final class BottleneckNote {
  static final String PREFIX = "bottleneck.";

  private BottleneckNote() {
  }

  /** One line per target with verdicts, in the order of {@code results}' first appearance. */
  static List<String> lines(List<PhaseResult> results) {
    Map<String, Map<String, List<PhaseResult>>> byTarget = new LinkedHashMap<>();
    for (PhaseResult r : results) {
      if (r.details().containsKey(PREFIX + "Verdict")) {
        byTarget.computeIfAbsent(r.target(), t -> new LinkedHashMap<>())
            .computeIfAbsent(r.group() + " " + r.phase(), c -> new ArrayList<>()).add(r);
      }
    }
    List<String> lines = new ArrayList<>();
    byTarget.forEach((target, cells) -> {
      List<String> parts = new ArrayList<>();
      cells.forEach((cell, rounds) -> parts.add(cell.trim() + " " + cell(rounds)));
      lines.add(target + ": what limited each phase ([BOTTLENECK] of its report; the rules: docs/scenarios.md): "
          + String.join("; ", parts));
    });
    return lines;
  }

  /** A cell's verdicts: each with its rounds' deciding figures, and how many rounds when there were several. */
  private static String cell(List<PhaseResult> rounds) {
    Map<String, List<String>> byVerdict = new LinkedHashMap<>();
    for (PhaseResult r : rounds) {
      byVerdict.computeIfAbsent(r.details().get(PREFIX + "Verdict"), v -> new ArrayList<>()).add(figure(r.details()));
    }
    List<String> parts = new ArrayList<>();
    byVerdict.forEach((verdict, figures) -> {
      StringBuilder b = new StringBuilder(verdict);
      if (rounds.size() > 1) {
        b.append(" in ").append(figures.size()).append(" of ").append(rounds.size()).append(" rounds");
      }
      List<String> known = figures.stream().filter(f -> !f.isEmpty()).toList();
      if (!known.isEmpty()) {
        b.append(" (").append(String.join(", ", known)).append(')');
      }
      parts.add(b.toString());
    });
    return String.join(", ", parts);
  }

  /** The rule that decided and the figure it compared, e.g. "client-cpu: 0.98 of 1 cores"; empty for none found. */
  static String figure(Map<String, String> d) {
    String rule = d.getOrDefault(PREFIX + "Rule", "none");
    String figure = switch (rule) {
      case "client-cpu", "store-cpu" -> get(d, "ClientProcessCores") + " of " + get(d, "CoresAvailable") + " cores"
          + (d.containsKey(PREFIX + "StoreCpuCores") ? ", the store's threads " + get(d, "StoreCpuCores") : "");
      case "server-thread" -> get(d, "ServerThreadCores") + " of a core"
          + (d.containsKey(PREFIX + "ServerThread") ? " (" + get(d, "ServerThread") + ")" : "");
      case "device-queue" -> get(d, "DeviceQueue") + " in flight of " + get(d, "LogicalClients") + " clients";
      case "device-busy" -> percent(d, "DeviceUtilisation") + " of the time busy";
      case "send-lateness" -> percent(d, "SendLatenessShare") + " of the intended latency sent late";
      default -> "";
    };
    return figure.isEmpty() ? "" : rule + ": " + figure;
  }

  private static String get(Map<String, String> d, String name) {
    return d.getOrDefault(PREFIX + name, "?");
  }

  private static String percent(Map<String, String> d, String name) {
    try {
      return String.format(Locale.ROOT, "%.0f%%", 100 * Double.parseDouble(get(d, name)));
    } catch (NumberFormatException e) {
      return "?";
    }
  }
}
