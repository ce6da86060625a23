package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.report.JsonText;
import java.util.List;

/**
 * The JSON compare writes, format {@code ycsb-suite-compare/1}: one object, UTF-8, keys in this order.
 *
 * <pre>
 * {
 *   "format": "ycsb-suite-compare/1",
 *   "old": {"dir": "results/a", "scenario": "tier-ratio", "startedAt": "...", "status": "complete", "rounds": 1},
 *   "new": { ... },
 *   "level": 0.05,                      (two-sided significance level of every test)
 *   "failOnRegressionPercent": 5 or null,
 *   "cells": [ {
 *     "target": "pmem", "newTarget": "pmem", "group": "7:1", "phase": "load",
 *     "figure": "throughput" | "p99Us",
 *     "old": 15785.3, "new": 31570.6,   (geometric means over the rounds)
 *     "oldLow", "oldHigh", "newLow", "newHigh": their 95% intervals, null below three rounds,
 *     "changePercent": 100.0 or null,   (new over old, minus 1)
 *     "test": "rounds" | "seconds",
 *     "oldSamples": 4, "newSamples": 4, (rounds, or batches of seconds)
 *     "batchSeconds": 2 or null, "autocorrelation": 0.12 or null,   (seconds only)
 *     "exact": true,                    (every split counted; false: 20,000 random splits)
 *     "p": 0.0286, "smallestP": 0.0286,
 *     "significant": true,              (p below the level)
 *     "regression": false,              (significant and worse by more than failOnRegressionPercent)
 *     "note": null or "seconds not used: ..."
 *   } ],
 *   "onlyInOld": [ "pmem 7:1 load" ], "onlyInNew": [ ... ],
 *   "notes": [ "..." ]
 * }
 * </pre>
 *
 * <p>Numbers are exact decimals without exponent. The test and its assumptions are those of
 * {@link Comparison}; {@code CompareTest} checks a sample against this shape.
 */
final class CompareJson {
  static final String FORMAT = "ycsb-suite-compare/1";

  private CompareJson() {
  }

  static String render(Comparison c, Double failOnRegression) {
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"format\": ").append(q(FORMAT)).append(",\n");
    b.append("  \"old\": ").append(run(c.before())).append(",\n");
    b.append("  \"new\": ").append(run(c.after())).append(",\n");
    b.append("  \"level\": ").append(n(CellComparison.LEVEL)).append(",\n");
    b.append("  \"failOnRegressionPercent\": ").append(n(failOnRegression)).append(",\n");
    b.append("  \"cells\": [");
    for (int i = 0; i < c.cells().size(); i++) {
      b.append(i == 0 ? "\n" : ",\n");
      cell(b, c.cells().get(i), failOnRegression);
    }
    b.append(c.cells().isEmpty() ? "],\n" : "\n  ],\n");
    b.append("  \"onlyInOld\": ").append(strings(c.onlyInOld())).append(",\n");
    b.append("  \"onlyInNew\": ").append(strings(c.onlyInNew())).append(",\n");
    b.append("  \"notes\": ").append(strings(CompareMarkdown.notes(c, failOnRegression))).append('\n');
    return b.append("}\n").toString();
  }

  private static String run(ResultDir d) {
    return "{\"dir\": " + q(d.dir().toString()) + ", \"scenario\": " + q(d.scenario()) + ", \"startedAt\": "
        + q(d.startedAt()) + ", \"status\": " + q(d.status()) + ", \"rounds\": " + d.rounds() + "}";
  }

  private static void cell(StringBuilder b, CellComparison c, Double failOnRegression) {
    CellTest t = c.test();
    b.append("    {\"target\": ").append(q(c.oldTarget())).append(", \"newTarget\": ").append(q(c.newTarget()))
        .append(", \"group\": ").append(q(c.group())).append(", \"phase\": ").append(q(c.phase()))
        .append(", \"figure\": ").append(q(c.figure().key())).append(",\n");
    b.append("      \"old\": ").append(n(c.before().estimate())).append(", \"new\": ").append(n(c.after().estimate()))
        .append(", \"oldLow\": ").append(n(c.before().low())).append(", \"oldHigh\": ").append(n(c.before().high()))
        .append(", \"newLow\": ").append(n(c.after().low())).append(", \"newHigh\": ").append(n(c.after().high()))
        .append(", \"changePercent\": ").append(n(c.changePercent())).append(",\n");
    b.append("      \"test\": ").append(q(t.seconds() ? "seconds" : "rounds")).append(", \"oldSamples\": ")
        .append(t.oldSamples()).append(", \"newSamples\": ").append(t.newSamples()).append(", \"batchSeconds\": ")
        .append(t.seconds() ? Integer.toString(t.batchSeconds()) : "null").append(", \"autocorrelation\": ")
        .append(t.seconds() ? n(t.autocorrelation()) : "null").append(", \"exact\": ").append(t.exact())
        .append(", \"p\": ").append(n(t.p())).append(", \"smallestP\": ").append(n(t.smallestP())).append(",\n");
    b.append("      \"significant\": ").append(c.significant()).append(", \"regression\": ")
        .append(failOnRegression != null && c.regression(failOnRegression)).append(", \"note\": ")
        .append(t.note() == null ? "null" : q(t.note())).append('}');
  }

  private static String q(String s) {
    return s == null ? "null" : JsonText.quote(s);
  }

  private static String n(Double d) {
    return JsonText.number(d);
  }

  private static String strings(List<String> list) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < list.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(q(list.get(i)));
    }
    return b.append(']').toString();
  }
}
