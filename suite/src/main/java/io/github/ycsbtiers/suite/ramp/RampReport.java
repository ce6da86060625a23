package io.github.ycsbtiers.suite.ramp;

import io.github.ycsbtiers.api.ramp.RampRule;
import io.github.ycsbtiers.suite.curve.Json;
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
 * The report of the connection ramps of one suite run, all from the same {@link RampOutcome}s.
 *
 * <p>Markdown (a section of summary.md): {@code ## Connection ramps}, a paragraph with the rule, then
 * per phase ({@code ### <group> <phase>}) one line per target with its verdict and a table {@code |
 * target | clients | throughput (ops/s) | growth | p99 (us) | bound's latency (us) | met | chosen |
 * report |}. {@code ramp.csv}: one line per target and step, {@link #CSV_HEADER}. {@code ramp.json},
 * format {@code ycsb-suite-ramp/1}: {@code {"format", "ramps": [{"target", "group", "phase", "growth",
 * "slo" (text or null), "chosen", "verdict", "steps": [{"clients", "throughput", "growth" (null for the
 * first), "p99Us", "boundLatencyUs" (null without a bound), "met", "report"}]}]}}.
 *
 * <p>{@code charts/ramp-<group>-<phase>.png/.svg}: throughput against clients (log-2 spaced), a line
 * per target, each target's chosen count a diamond.
 */
public final class RampReport {
  public static final String FORMAT = "ycsb-suite-ramp/1";
  public static final String CSV_HEADER = "target,group,phase,clients,throughput_ops,growth,p99_us,bound_latency_us,"
      + "met,chosen,report";

  private RampReport() {
  }

  static Map<String, List<RampOutcome>> byPhase(List<RampOutcome> ramps) {
    Map<String, List<RampOutcome>> phases = new LinkedHashMap<>();
    for (RampOutcome r : ramps) {
      phases.computeIfAbsent(r.group() + " " + r.phase(), k -> new ArrayList<>()).add(r);
    }
    return phases;
  }

  /** The Markdown section; empty without ramps. */
  public static String markdown(List<RampOutcome> ramps, Map<String, String> timelines) {
    Section section = section(ramps, timelines);
    return section == null ? "" : section.markdown();
  }

  /** The section, a step's report linking its timeline where {@code timelines} has one; null without ramps. */
  public static Section section(List<RampOutcome> ramps, Map<String, String> timelines) {
    if (ramps.isEmpty()) {
      return null;
    }
    RampOutcome first = ramps.get(0);
    Section.Builder section = Section.titled("Connection ramps").paragraph(String.format(Locale.ROOT,
        "Closed-loop steps of 1, 2, 4, ... logical clients (on a remote server one connection each), stopping after"
        + " two steps in a row whose throughput each grew by less than %s%% over the previous step's%s, or at the most"
        + " clients tried; the phase was then measured with the count of the step with the best throughput%s.",
        RampRule.pct(first.growth()),
        first.slo() == null ? "" : ", at the first step that broke " + first.slo().describe(),
        first.slo() == null ? "" : " among those that met the bound"));
    for (Map.Entry<String, List<RampOutcome>> phase : byPhase(ramps).entrySet()) {
      section.subheading(phase.getKey())
          .bullets(phase.getValue().stream().map(r -> r.target() + ": " + r.verdict()).toList());
      SectionTable table = new SectionTable("lrrrrrlll", "target", "clients", "throughput (ops/s)", "growth",
          "p99 (us)", "bound's latency (us)", "met", "chosen", "report");
      for (RampOutcome r : phase.getValue()) {
        for (RampStep s : r.steps()) {
          table.row(r.target(), Integer.toString(s.clients()), SectionTable.rate(s.throughput()),
              Double.isFinite(s.growth()) ? String.format(Locale.ROOT, "%+.1f%%", 100 * s.growth()) : "-",
              SectionTable.micros(s.p99Us()), SectionTable.micros(s.boundLatencyUs()), s.met() ? "yes" : "no",
              s.clients() == r.chosen() ? "chosen" : "", SectionTable.report(s.report(), timelines));
        }
      }
      section.table(table);
    }
    return section.build();
  }

  /** ramp.csv as specified above. */
  public static String csv(List<RampOutcome> ramps) {
    StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
    for (RampOutcome r : ramps) {
      for (RampStep s : r.steps()) {
        csv.append(String.join(",", field(r.target()), field(r.group()), field(r.phase()),
            Integer.toString(s.clients()), n(s.throughput()), n(s.growth()), s.p99Us() < 0 ? "" : n(s.p99Us()),
            s.boundLatencyUs() < 0 ? "" : n(s.boundLatencyUs()), Boolean.toString(s.met()),
            s.clients() == r.chosen() ? "chosen" : "", field(s.report()))).append('\n');
      }
    }
    return csv.toString();
  }

  /** ramp.json as specified above. */
  public static String json(List<RampOutcome> ramps) {
    StringBuilder j = new StringBuilder("{\n  \"format\": \"" + FORMAT + "\",\n  \"ramps\": [");
    for (int i = 0; i < ramps.size(); i++) {
      RampOutcome r = ramps.get(i);
      j.append(i == 0 ? "\n" : ",\n");
      j.append(String.format(Locale.ROOT, "    {\"target\": %s, \"group\": %s, \"phase\": %s, \"growth\": %s,"
          + " \"slo\": %s, \"chosen\": %d, \"verdict\": %s, \"steps\": [", Json.quote(r.target()), Json.quote(r.group()),
          Json.quote(r.phase()), Json.num(r.growth()), r.slo() == null ? "null" : Json.quote(r.slo().text()),
          r.chosen(), Json.quote(r.verdict())));
      for (int k = 0; k < r.steps().size(); k++) {
        RampStep s = r.steps().get(k);
        j.append(k == 0 ? "\n" : ",\n");
        j.append(String.format(Locale.ROOT, "      {\"clients\": %d, \"throughput\": %s, \"growth\": %s, \"p99Us\": %s,"
            + " \"boundLatencyUs\": %s, \"met\": %s, \"report\": %s}", s.clients(), Json.num(s.throughput()),
            Json.num(s.growth()), s.p99Us() < 0 ? "null" : Json.num(s.p99Us()),
            s.boundLatencyUs() < 0 ? "null" : Json.num(s.boundLatencyUs()), s.met(), Json.quote(s.report())));
      }
      j.append("]}");
    }
    j.append(ramps.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
    return j.toString();
  }

  /** Writes ramp.csv, ramp.json and one chart per phase; returns the files written and the charts skipped. */
  public static ChartFiles write(List<RampOutcome> ramps, Path dir) throws IOException {
    if (ramps.isEmpty()) {
      return new ChartFiles(List.of(), List.of());
    }
    Map<String, Supplier<Chart<?, ?>>> charts = new LinkedHashMap<>();
    for (List<RampOutcome> phase : byPhase(ramps).values()) {
      RampOutcome any = phase.get(0);
      charts.put(Charts.fileName("ramp-" + any.group() + "-" + any.phase()), () -> chart(phase));
    }
    return StepFiles.write(dir, StepFiles.data("ramp.csv", csv(ramps), "ramp.json", json(ramps)), charts);
  }

  /** The chart of one phase's ramps: throughput against clients (log 2), a line per target, the chosen counts marked. */
  public static XYChart chart(List<RampOutcome> phase) {
    RampOutcome first = phase.get(0);
    XYChart chart = ChartStyle.xy(ChartStyle.WIDTH, ChartStyle.HEIGHT, String.format(Locale.ROOT,
        "%s %s: throughput against logical clients (ramp stops after two steps below +%s%%)", first.group(),
        first.phase(), RampRule.pct(first.growth())), "logical clients (log scale)", "throughput (operations/s)",
        Styler.LegendPosition.InsideNW, 0);
    chart.getStyler().setXAxisLogarithmic(true);
    List<Double> xs0 = new ArrayList<>();
    List<Double> ys0 = new ArrayList<>();
    for (RampOutcome r : phase) {
      for (RampStep s : r.steps()) {
        xs0.add((double) s.clients());
        ys0.add(s.throughput());
      }
    }
    AxisRange x = AxisRange.logDecades(xs0, 1.0);
    AxisRange y = AxisRange.fromZero(ys0);
    chart.getStyler().setXAxisMin(x.min());
    chart.getStyler().setXAxisMax(x.max());
    chart.getStyler().setYAxisMin(y.min());
    chart.getStyler().setYAxisMax(y.max());
    for (RampOutcome r : phase) {
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (RampStep s : r.steps()) {
        xs.add(x.clamp((double) s.clients(), 1));
        ys.add(y.clamp(s.throughput(), 0));
      }
      if (!xs.isEmpty()) {
        chart.addSeries(r.target(), xs, ys).setMarker(SeriesMarkers.CIRCLE);
      }
      RampStep c = r.chosenStep();
      if (c != null) {
        XYSeries chosen = chart.addSeries(String.format(Locale.ROOT, "%s chosen: %d clients", r.target(), r.chosen()),
            List.of(x.clamp((double) c.clients(), 1)), List.of(y.clamp(c.throughput(), 0)));
        chosen.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chosen.setMarker(SeriesMarkers.DIAMOND);
      }
    }
    if (chart.getSeriesMap().isEmpty()) {
      chart.addSeries("no step measured", List.of(x.min()), List.of(y.min()))
          .setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }
    return chart;
  }

  private static String n(double v) {
    return Double.isFinite(v) ? Json.num(v) : "";
  }

  private static String field(String v) {
    return v.contains(",") || v.contains("\"") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
  }
}
