package io.github.ycsbtiers.suite.search;

import io.github.ycsbtiers.suite.report.AxisRange;
import io.github.ycsbtiers.suite.report.ChartFiles;
import io.github.ycsbtiers.suite.report.ChartStyle;
import io.github.ycsbtiers.suite.report.Charts;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.report.StepFiles;
import io.github.ycsbtiers.suite.report.SectionTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report of the searches of one suite run.
 *
 * <p>{@code search.md}: a heading {@code ## Latency-bound search (BOUND)}, a summary table with one
 * row per configuration ({@code | target | group | phase | chosen ops/s | its pNN (us) | its op
 * p99 (us) | its hit ratio | next step up | steps | verdict |}), then per configuration a table of every step
 * ({@code | step | -target (ops/s) | throughput (ops/s) | pNN (us) | op p99 (us) | hit ratio | met |
 * why | report |}, the chosen step marked {@code chosen}). A hit ratio says what it is: {@code 0.851 (DRAM)}
 * for the embedded store's DRAM tier, {@code 1.000 (keyspace)} for a remote target's INFO keyspace hit
 * ratio, which is not a RAM hit ratio (a sentence under the heading says so).
 *
 * <p>{@code search.json}, format {@code ycsb-suite-search/1}: {@code {"format", "slo": {"text",
 * "kind", "percentile", "boundUs"}, "searches": [{"target", "group", "phase", "precision",
 * "chosenRate", "chosenStep" (number or null), "verdict", "steps": [{"number", "targetRate" (0:
 * unthrottled), "throughput", "latencyUs", "opP99Us", "hitRatio" (or null), "hitSource" ("TIER", "INFO" or
 * null), "met", "why", "report"}]}]}}.
 *
 * <p>{@code charts/search-<target>-<group>-<phase>.png/.svg}: throughput against the bound's latency
 * (log scale), one point per step numbered in run order, the chosen step marked, the bound a line.
 */
public final class SearchReport {
  public static final String FORMAT = "ycsb-suite-search/1";

  private SearchReport() {
  }

  /** The Markdown section; empty when there were no searches. */
  public static String markdown(List<SearchOutcome> searches) {
    return markdown(searches, Map.of());
  }

  /**
   * The same, each step's report followed by a link to its timeline chart where {@code timelines}
   * (report to chart, both relative to the results directory) has one.
   */
  public static String markdown(List<SearchOutcome> searches, Map<String, String> timelines) {
    Section section = section(searches, timelines);
    return section == null ? "" : section.markdown();
  }

  /** The section, as {@link #markdown} says; null when there were no searches. */
  public static Section section(List<SearchOutcome> searches, Map<String, String> timelines) {
    if (searches.isEmpty()) {
      return null;
    }
    Slo slo = searches.get(0).slo();
    String p = slo.percentileName();
    Section.Builder section = Section.titled("Latency-bound search (" + slo.describe() + ")");
    section.paragraph(String.format(Locale.ROOT, "The highest -target whose measured phase met the bound: an"
        + " unthrottled run for the ceiling, then bisection to %.0f%%; a throttled step counts only if it reached %.0f%%"
        + " of its rate.", 100 * searches.get(0).precision(), 100 * Bisection.RATE_TOLERANCE));
    if (searches.stream().flatMap(s -> s.steps().stream()).anyMatch(st -> keyspace(st.hitSource()))) {
      boolean process = searches.stream().flatMap(s -> s.steps().stream()).anyMatch(st -> "INFO".equals(st.hitSource()));
      section.paragraph("A hit ratio marked (keyspace) is a remote target's INFO keyspace_hits / (hits + misses) over the"
          + (process ? " step's process, warm-up included" : " step's measured phase (its [SERVER] section)")
          + ": the share of reads that found their key, wherever the store keeps it, not of"
          + " reads served from RAM. A server that keeps every key in memory reports 1.000 at any hit target;"
          + " tier fields a store publishes are in summary.json's details.");
    }
    SectionTable outcomes = new SectionTable("lllrrrrlrl", "target", "group", "phase", "chosen ops/s", "its " + p + " (us)",
        "its op p99 (us)", "its hit ratio", "next step up", "steps", "verdict");
    for (SearchOutcome s : searches) {
      SearchStep c = s.chosen();
      SearchStep up = s.nextStepUp();
      outcomes.row(s.target(), s.group(), s.phase(), c == null ? "none" : SectionTable.rate(s.chosenRate()),
          c == null ? "-" : SectionTable.micros(c.latencyUs()), c == null ? "-" : SectionTable.micros(c.opP99Us()),
          c == null ? "-" : ratio(c), up == null ? "-" : label(up) + ": " + p + " " + SectionTable.micros(up.latencyUs()) + " us",
          Integer.toString(s.steps().size()), s.verdict());
    }
    section.table(outcomes);
    for (SearchOutcome s : searches) {
      section.subheading(String.format(Locale.ROOT, "%s: %s %s", s.target(), s.group(), s.phase()));
      SectionTable steps = new SectionTable("rrrrrrlll", "step", "-target (ops/s)", "throughput (ops/s)", p + " (us)",
          "op p99 (us)", "hit ratio", "met", "why", "report");
      for (SearchStep st : s.steps()) {
        steps.row(Integer.toString(st.number()), label(st), SectionTable.rate(st.throughput()),
            SectionTable.micros(st.latencyUs()), SectionTable.micros(st.opP99Us()), ratio(st),
            st == s.chosen() ? "chosen" : st.met() ? "yes" : "no", st.why(), SectionTable.report(st.report(), timelines));
      }
      section.table(steps);
    }
    return section.build();
  }

  /** search.json as specified above. */
  public static String json(List<SearchOutcome> searches) {
    StringBuilder j = new StringBuilder("{\n  \"format\": \"" + FORMAT + "\",\n");
    if (!searches.isEmpty()) {
      Slo slo = searches.get(0).slo();
      j.append(String.format(Locale.ROOT, "  \"slo\": {\"text\": %s, \"kind\": \"%s\", \"percentile\": %s,"
          + " \"boundUs\": %s},%n", quote(slo.text()), slo.kind().name().toLowerCase(Locale.ROOT),
          num(slo.percentile()), num(slo.boundUs())));
    }
    j.append("  \"searches\": [");
    for (int i = 0; i < searches.size(); i++) {
      SearchOutcome s = searches.get(i);
      j.append(i == 0 ? "\n" : ",\n");
      j.append(String.format(Locale.ROOT, "    {\"target\": %s, \"group\": %s, \"phase\": %s, \"precision\": %s,"
          + " \"chosenRate\": %s, \"chosenStep\": %s, \"verdict\": %s, \"steps\": [", quote(s.target()),
          quote(s.group()), quote(s.phase()), num(s.precision()), num(s.chosenRate()),
          s.chosen() == null ? "null" : String.valueOf(s.chosen().number()), quote(s.verdict())));
      for (int k = 0; k < s.steps().size(); k++) {
        SearchStep st = s.steps().get(k);
        j.append(k == 0 ? "\n" : ",\n");
        j.append(String.format(Locale.ROOT, "      {\"number\": %d, \"targetRate\": %s, \"throughput\": %s,"
            + " \"latencyUs\": %s, \"opP99Us\": %s, \"hitRatio\": %s, \"hitSource\": %s, \"met\": %s, \"why\": %s,"
            + " \"report\": %s}",
            st.number(), num(st.targetRate()), num(st.throughput()), num(st.latencyUs()), num(st.opP99Us()),
            st.hitRatio() == null ? "null" : num(st.hitRatio()), st.hitSource() == null ? "null" : quote(st.hitSource()),
            st.met(),
            quote(st.why()), quote(st.report())));
      }
      j.append("]}");
    }
    j.append(searches.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
    return j.toString();
  }

  /**
   * Writes search.md, search.json and one chart per search; returns the files written, relative to
   * {@code dir}, and the charts skipped.
   */
  public static ChartFiles write(List<SearchOutcome> searches, Path dir) throws IOException {
    return write(searches, dir, Map.of());
  }

  /** The same, search.md linking each step's timeline chart that {@code timelines} names. */
  public static ChartFiles write(List<SearchOutcome> searches, Path dir, Map<String, String> timelines)
      throws IOException {
    if (searches.isEmpty()) {
      return new ChartFiles(List.of(), List.of());
    }
    Map<String, Supplier<Chart<?, ?>>> charts = new LinkedHashMap<>();
    for (SearchOutcome s : searches) {
      charts.put(Charts.fileName("search-" + s.target() + "-" + s.group() + "-" + s.phase()), () -> chart(s));
    }
    return StepFiles.write(dir, StepFiles.data("search.md", markdown(searches, timelines), "search.json",
        json(searches)), charts);
  }

  /** The chart of one search (public for the tests that render every chart). */
  public static XYChart chart(SearchOutcome s) {
    String p = s.slo().percentileName();
    String kind = s.slo().kind().name().toLowerCase(Locale.ROOT);
    XYChart chart = ChartStyle.xy(ChartStyle.WIDTH, ChartStyle.HEIGHT, String.format(Locale.ROOT,
        "%s %s %s: throughput against %s %s (%s)", s.target(), s.group(), s.phase(), kind, p, s.verdict()),
        "measured throughput (operations/s)", kind + " " + p + " latency (µs, log scale)",
        Styler.LegendPosition.InsideNW, 13f);
    chart.getStyler().setYAxisLogarithmic(true);
    List<Double> rawXs = new ArrayList<>();
    List<Double> rawYs = new ArrayList<>(List.of(s.slo().boundUs()));
    for (SearchStep st : s.steps()) {
      rawXs.add(st.throughput());
      rawYs.add(st.latencyUs());
    }
    // explicit ends (0 to a round throughput, whole decades of latency) and every point within them:
    // XChart's tick search then never sees one value, equal ends, a non-finite or a non-positive one
    AxisRange x = AxisRange.fromZero(rawXs);
    AxisRange y = AxisRange.logDecades(rawYs, 1.0);
    chart.getStyler().setXAxisMin(x.min());
    chart.getStyler().setXAxisMax(x.max());
    chart.getStyler().setYAxisMin(y.min());
    chart.getStyler().setYAxisMax(y.max());
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (SearchStep st : s.steps()) {
      xs.add(x.clamp(st.throughput(), 0));
      ys.add(y.clamp(st.latencyUs(), 1));
    }
    XYSeries steps = chart.addSeries("steps (" + xs.size() + ", numbered in the tables)", xs, ys);
    steps.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    XYSeries bound = chart.addSeries("bound " + s.slo().describe(), List.of(x.min(), x.max()),
        List.of(y.clamp(s.slo().boundUs(), 1), y.clamp(s.slo().boundUs(), 1)));
    bound.setMarker(SeriesMarkers.NONE);
    if (s.chosen() != null) {
      XYSeries chosen = chart.addSeries(String.format(Locale.ROOT, "chosen: %,.0f ops/s", s.chosenRate()),
          List.of(x.clamp(s.chosen().throughput(), 0)), List.of(y.clamp(s.chosen().latencyUs(), 1)));
      chosen.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      chosen.setMarker(SeriesMarkers.DIAMOND);
    }
    return chart;
  }

  private static String label(SearchStep st) {
    return st.ceiling() ? "unthrottled" : SectionTable.rate(st.targetRate());
  }

  /** The step's hit ratio and what it is: {@code 0.851 (DRAM)}, {@code 1.000 (keyspace)}, {@code -}. */
  private static String ratio(SearchStep st) {
    if (st.hitRatio() == null) {
      return "-";
    }
    String kind = "TIER".equals(st.hitSource()) ? " (DRAM)" : keyspace(st.hitSource()) ? " (keyspace)" : "";
    return String.format(Locale.ROOT, "%.3f", st.hitRatio()) + kind;
  }

  /** A remote server's keyspace ratio: from [SERVER] (the measured phase) or INFO around the process. */
  private static boolean keyspace(String hitSource) {
    return "SERVER".equals(hitSource) || "INFO".equals(hitSource);
  }

  private static String num(double v) {
    return io.github.ycsbtiers.suite.report.JsonText.rounded(v);
  }

  private static String quote(String s) {
    return io.github.ycsbtiers.suite.report.JsonText.quote(s);
  }
}
