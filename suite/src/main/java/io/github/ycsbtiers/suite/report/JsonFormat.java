package io.github.ycsbtiers.suite.report;

import io.github.ycsbtiers.suite.stats.Interval;
import java.util.List;
import java.util.Map;

/**
 * summary.json, format {@code ycsb-suite-summary/1}: one object, UTF-8, keys in this order.
 *
 * <pre>
 * {
 *   "format": "ycsb-suite-summary/1",
 *   "scenario": "tier-ratio", "description": "...", "groupLabel": "memory:data",
 *   "layout": "PHASE_ROWS" | "GROUP_ROWS", "startedAt": "2026-11-23T09:00:00Z",
 *   "status": "complete" | "interrupted" | "failed",
 *   "targets": [ {"name": "pmem", "description": "tiered, tiered.medium=pmem"} ],
 *   "results": [ {
 *     "target": "pmem", "group": "7:1", "phase": "load",
 *     "operations": 20000,            (integer)
 *     "throughput": 15785.3,          (operations per second, [OVERALL] Throughput(ops/sec))
 *     "avgUs", "p99Us", "readAvgUs", "readP99Us", "updateAvgUs", "updateP99Us": number or null,
 *     "hitRatio": number or null, "hitSource": "TIER" | "SERVER" | "INFO" | null,
 *     "runtimeMs": 1267,              (integer, [OVERALL] RunTime(ms), the measured part)
 *     "warmupMs": 5003,               (integer, [WARMUP] RunTime(ms); null: the phase did not warm up)
 *     "warmupOperations": 123456,     (integer, [WARMUP] Operations, in no other figure; null likewise)
 *     "details": { "name": "value", ... },   (strings, sorted by name)
 *     "files": [ "raw/pmem/01-7-1-load.txt", ... ]   (relative to the results directory)
 *   } ],
 *   "cells": [ {                      (each target's cell over its rounds, first-run order)
 *     "target": "pmem", "group": "7:1", "phase": "load",
 *     "rounds": 3,                    (integer, the cell's results)
 *     "throughput": {"geomean": 15785.3, "low": 15011.2, "high": 16598.9} or null,
 *     "p99Us": {"geomean": ..., "low": ..., "high": ...} or null
 *   } ],
 *   "ratios": [ {                     (the first target's throughput over each other's, per cell)
 *     "numerator": "pmem", "denominator": "disk", "group": "7:1", "phase": "load",
 *     "pairs": 3,                     (integer, rounds both targets have)
 *     "geomean": 2.28, "low": 2.01, "high": 2.59,   (null when the targets share no round)
 *     "different": true               (the interval excludes 1; null without an interval)
 *   } ],
 *   "notes": [ "..." ],
 *   "sections": [ {                   (what summary.md shows after the notes, in its order: per-node
 *                                      figures, connection ramps, capacity curves, searches, timelines...)
 *     "onPage": true,                 (index.html shows it too)
 *     "blocks": [                     (in order, the ## heading first)
 *       {"type": "heading", "level": 2, "text": "Connection ramps"},   (level 2 or 3)
 *       {"type": "paragraph", "text": "..."},
 *       {"type": "bullets", "items": [ "..." ]},
 *       {"type": "table", "header": [ "clients", "QPS" ], "figures": [false, true],
 *         "rows": [ [ "1", "20,101" ] ]}   (cells as printed; figures: which columns hold figures)
 *     ]
 *   } ]
 * }
 * </pre>
 *
 * <p>Numbers are exact decimals without exponent; latencies in microseconds; the meaning of each
 * figure is that of {@link PhaseResult}. {@code cells} and {@code ratios} are {@link RoundFigures}:
 * {@code geomean} is the geometric mean over the rounds (of the paired per-round ratios for a
 * ratio), {@code low} and {@code high} its 95% interval, null below three rounds. The side-by-side
 * table of summary.md is {@code cells} (its QPS and p99 columns), {@code ratios} (its A/B columns) and
 * the results' {@code hitRatio}. Texts of sections are summary.md's, Markdown links and {@code `code`}
 * included.
 *
 * <p>Versions: {@code sections} was added to {@code ycsb-suite-summary/1} after its first release,
 * as a last key; a reader of the first release's keys reads every file unchanged. The golden samples
 * are {@code src/test/resources/golden/summary.json} and {@code summary-sections.json}.
 */
final class JsonFormat implements ResultFormat {
  static final String FORMAT = "ycsb-suite-summary/1";

  @Override
  public String render(Summary s) {
    StringBuilder b = new StringBuilder("{\n");
    field(b, 1, "format", str(FORMAT), true);
    field(b, 1, "scenario", str(s.scenario()), true);
    field(b, 1, "description", str(s.description()), true);
    field(b, 1, "groupLabel", str(s.groupLabel()), true);
    field(b, 1, "layout", str(s.layout().name()), true);
    field(b, 1, "startedAt", str(s.startedAt()), true);
    field(b, 1, "status", str(s.status()), true);
    b.append("  \"targets\": [");
    for (int i = 0; i < s.targets().size(); i++) {
      Summary.Target t = s.targets().get(i);
      b.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ").append(str(t.name()))
          .append(", \"description\": ").append(str(t.description())).append('}');
    }
    b.append(s.targets().isEmpty() ? "],\n" : "\n  ],\n");
    b.append("  \"results\": [");
    for (int i = 0; i < s.results().size(); i++) {
      b.append(i == 0 ? "\n" : ",\n");
      result(b, s.results().get(i));
    }
    b.append(s.results().isEmpty() ? "],\n" : "\n  ],\n");
    RoundFigures figures = RoundFigures.of(s);
    b.append("  \"cells\": [");
    List<RoundFigures.Cell> cells = figures.cells();
    for (int i = 0; i < cells.size(); i++) {
      RoundFigures.Cell c = cells.get(i);
      b.append(i == 0 ? "\n" : ",\n").append("    {\"target\": ").append(str(c.target())).append(", \"group\": ")
          .append(str(c.group())).append(", \"phase\": ").append(str(c.phase())).append(", \"rounds\": ")
          .append(c.rounds()).append(",\n      \"throughput\": ").append(interval(c.throughput()))
          .append(", \"p99Us\": ").append(interval(c.p99Us())).append('}');
    }
    b.append(cells.isEmpty() ? "],\n" : "\n  ],\n");
    b.append("  \"ratios\": [");
    List<RoundFigures.Ratio> ratios = figures.ratios();
    for (int i = 0; i < ratios.size(); i++) {
      RoundFigures.Ratio r = ratios.get(i);
      Interval v = r.ratio();
      b.append(i == 0 ? "\n" : ",\n").append("    {\"numerator\": ").append(str(r.numerator()))
          .append(", \"denominator\": ").append(str(r.denominator())).append(", \"group\": ").append(str(r.group()))
          .append(", \"phase\": ").append(str(r.phase())).append(",\n      \"pairs\": ")
          .append(v == null ? 0 : v.samples()).append(", \"geomean\": ").append(v == null ? "null" : num(v.estimate()))
          .append(", \"low\": ").append(v == null ? "null" : num(v.low())).append(", \"high\": ")
          .append(v == null ? "null" : num(v.high())).append(", \"different\": ")
          .append(v == null || !v.bounded() ? "null" : Boolean.toString(r.different())).append('}');
    }
    b.append(ratios.isEmpty() ? "],\n" : "\n  ],\n");
    b.append("  \"notes\": ").append(strings(s.notes())).append(",\n");
    b.append("  \"sections\": [");
    for (int i = 0; i < s.sections().size(); i++) {
      b.append(i == 0 ? "\n" : ",\n");
      section(b, s.sections().get(i));
    }
    b.append(s.sections().isEmpty() ? "]\n" : "\n  ]\n");
    return b.append("}\n").toString();
  }

  private static void section(StringBuilder b, Section section) {
    b.append("    {\"onPage\": ").append(section.onPage()).append(", \"blocks\": [");
    for (int i = 0; i < section.blocks().size(); i++) {
      b.append(i == 0 ? "\n      " : ",\n      ");
      Section.Block block = section.blocks().get(i);
      if (block instanceof Section.Heading h) {
        b.append("{\"type\": \"heading\", \"level\": ").append(h.level()).append(", \"text\": ")
            .append(str(h.text())).append('}');
      } else if (block instanceof Section.Paragraph p) {
        b.append("{\"type\": \"paragraph\", \"text\": ").append(str(p.text())).append('}');
      } else if (block instanceof Section.Bullets l) {
        b.append("{\"type\": \"bullets\", \"items\": ").append(strings(l.items())).append('}');
      } else {
        table(b, (SectionTable) block);
      }
    }
    b.append(section.blocks().isEmpty() ? "]}" : "\n    ]}");
  }

  private static void table(StringBuilder b, SectionTable t) {
    b.append("{\"type\": \"table\", \"header\": ").append(strings(t.header())).append(", \"figures\": [");
    for (int c = 0; c < t.header().size(); c++) {
      b.append(c == 0 ? "" : ", ").append(t.figures(c));
    }
    b.append("],\n        \"rows\": [");
    List<List<String>> rows = t.rows();
    for (int i = 0; i < rows.size(); i++) {
      b.append(i == 0 ? "\n          " : ",\n          ").append(strings(rows.get(i)));
    }
    b.append(rows.isEmpty() ? "]}" : "\n        ]}");
  }

  private static void result(StringBuilder b, PhaseResult r) {
    b.append("    {\n");
    field(b, 3, "target", str(r.target()), true);
    field(b, 3, "group", str(r.group()), true);
    field(b, 3, "phase", str(r.phase()), true);
    field(b, 3, "operations", Long.toString(r.operations()), true);
    field(b, 3, "throughput", Numbers.exact(r.throughput()), true);
    field(b, 3, "avgUs", num(r.avgUs()), true);
    field(b, 3, "p99Us", num(r.p99Us()), true);
    field(b, 3, "readAvgUs", num(r.readAvgUs()), true);
    field(b, 3, "readP99Us", num(r.readP99Us()), true);
    field(b, 3, "updateAvgUs", num(r.updateAvgUs()), true);
    field(b, 3, "updateP99Us", num(r.updateP99Us()), true);
    field(b, 3, "hitRatio", num(r.hitRatio()), true);
    field(b, 3, "hitSource", r.hitSource() == null ? "null" : str(r.hitSource()), true);
    field(b, 3, "runtimeMs", Long.toString(r.runtimeMs()), true);
    field(b, 3, "warmupMs", r.warmup() == null ? "null" : Long.toString(r.warmup().runtimeMs()), true);
    field(b, 3, "warmupOperations", r.warmup() == null ? "null" : Long.toString(r.warmup().operations()), true);
    StringBuilder details = new StringBuilder("{");
    int n = 0;
    for (Map.Entry<String, String> e : r.details().entrySet()) {
      details.append(n++ == 0 ? "" : ", ").append(str(e.getKey())).append(": ").append(str(e.getValue()));
    }
    field(b, 3, "details", details.append('}').toString(), true);
    field(b, 3, "files", strings(r.files()), false);
    b.append("    }");
  }

  private static void field(StringBuilder b, int depth, String name, String json, boolean comma) {
    b.append("  ".repeat(depth)).append(str(name)).append(": ").append(json).append(comma ? ",\n" : "\n");
  }

  /** {@code {"geomean": x, "low": x, "high": x}}, bounds null without an interval; null for none. */
  private static String interval(Interval i) {
    if (i == null) {
      return "null";
    }
    return "{\"geomean\": " + num(i.estimate()) + ", \"low\": " + num(i.low()) + ", \"high\": " + num(i.high()) + "}";
  }

  private static String num(Double d) {
    return JsonText.number(d);
  }

  private static String strings(List<String> list) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < list.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(str(list.get(i)));
    }
    return b.append(']').toString();
  }

  static String str(String s) {
    return JsonText.quote(s);
  }
}
