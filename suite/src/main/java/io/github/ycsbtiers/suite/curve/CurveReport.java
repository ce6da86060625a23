package io.github.ycsbtiers.suite.curve;

import io.github.ycsbtiers.suite.report.ChartFiles;
import io.github.ycsbtiers.suite.report.Charts;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.report.StepFiles;
import io.github.ycsbtiers.suite.report.SectionTable;
import io.github.ycsbtiers.suite.search.SearchOutcome;
import io.github.ycsbtiers.suite.search.SearchStep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The report of the capacity curves of one suite run, all from the same {@link Curve}s.
 *
 * <p>Markdown (a section of summary.md): a heading {@code ## Capacity curves}, a paragraph on how the
 * steps ran and the knee's rule, then per phase ({@code ### <group> <phase>}) one line per target
 * saying where its knee is (and, with {@code --slo}, the highest step meeting the bound and what the
 * search found after it) and a table with a row per target and step: {@code | target | step | offered
 * (ops/s) | achieved (ops/s) | intended p50 | p99 | p99.9 | p99.99 (us) | op p50 | p99 | p99.9 |
 * p99.99 (us) | send late p99 (us) | client cores | CPU/op (us) | knee | report |}.
 *
 * <p>{@code curve.csv}: one line per target and step, the same columns exactly ({@link #CSV_HEADER}),
 * empty where a figure is unknown. {@code curve.json}, format {@code ycsb-suite-curve/1}:
 * {@code {"format", "kneeFactor", "curves": [{"target", "group", "phase", "knee" (step label or null),
 * "kneeRule", "wallSeconds" (or null), "sloStep" (label of the highest step meeting --slo, or null; absent without --slo),
 * "steps": [{"step", "fraction", "offered", "achieved", "intended": {"p50", "p99", "p999", "p9999"},
 * "measured": {...}, "sendLatenessP99Us", "clientCores", "cpuPerOpUs", "report"}]}]}}, unknown figures null.
 *
 * <p>{@code charts/curve-<group>-<phase>.png/.svg}: one per phase ({@link CurveChart}).
 */
public final class CurveReport {
  public static final String FORMAT = "ycsb-suite-curve/1";
  public static final String CSV_HEADER = "target,group,phase,step,offered_ops,achieved_ops,intended_p50_us,"
      + "intended_p99_us,intended_p999_us,intended_p9999_us,op_p50_us,op_p99_us,op_p999_us,op_p9999_us,"
      + "send_lateness_p99_us,client_cores,cpu_per_op_us,knee,report";

  private CurveReport() {
  }

  /** The curves grouped by phase (group and phase), in run order. */
  public static Map<String, List<Curve>> byPhase(List<Curve> curves) {
    Map<String, List<Curve>> phases = new LinkedHashMap<>();
    for (Curve c : curves) {
      phases.computeIfAbsent(c.group() + " " + c.phase(), k -> new ArrayList<>()).add(c);
    }
    return phases;
  }

  /** The Markdown section; empty without curves. A step's report links its timeline where {@code timelines} has one. */
  public static String markdown(List<Curve> curves, Map<String, String> timelines) {
    Section section = section(curves, timelines);
    return section == null ? "" : section.markdown();
  }

  /** The section, as {@link #markdown} says; null without curves. */
  public static Section section(List<Curve> curves, Map<String, String> timelines) {
    if (curves.isEmpty()) {
      return null;
    }
    double k = curves.get(0).kneeFactor();
    Section.Builder section = Section.titled("Capacity curves").paragraph(String.format(Locale.ROOT, "Per run phase"
        + " and target: the closed-loop saturation run, then open-loop steps (-target) at fractions of its throughput,"
        + " each measured with intended latency (from the operation's place on the schedule) and measured latency"
        + " (from its send). The knee is the first step whose intended p99 exceeds %s x the lowest step's. Latencies"
        + " in us; send late = [SCHEDULE] p99 send lateness; client cores and CPU/op = [CLIENT] CoresUsed and"
        + " CpuPerOperation.", Knee.num(k)));
    for (Map.Entry<String, List<Curve>> phase : byPhase(curves).entrySet()) {
      List<String> verdicts = new ArrayList<>();
      for (Curve c : phase.getValue()) {
        verdicts.add(c.target() + ": " + Knee.describe(c.steps(), c.kneeFactor())
            + (c.cost().isEmpty() ? "" : " (" + c.cost() + ")") + (c.search() == null ? "" : "; " + sloLine(c)));
      }
      section.subheading(phase.getKey()).bullets(verdicts);
      SectionTable table = new SectionTable("ll" + "r".repeat(13) + "ll", "target", "step", "offered (ops/s)",
          "achieved (ops/s)", "intended p50", "intended p99", "intended p99.9", "intended p99.99", "op p50", "op p99",
          "op p99.9", "op p99.99", "send late p99", "client cores", "CPU/op (us)", "knee", "report");
      for (Curve c : phase.getValue()) {
        CurveStep knee = c.knee();
        for (CurveStep s : c.steps()) {
          Latencies in = s.intended();
          Latencies op = s.measured();
          table.row(c.target(), s.label(), s.saturation() ? "closed loop" : SectionTable.rate(s.offered()),
              SectionTable.rate(s.achieved()), SectionTable.micros(in.p50()), SectionTable.micros(in.p99()),
              SectionTable.micros(in.p999()), SectionTable.micros(in.p9999()), SectionTable.micros(op.p50()),
              SectionTable.micros(op.p99()), SectionTable.micros(op.p999()), SectionTable.micros(op.p9999()),
              SectionTable.micros(s.sendLatenessP99Us()),
              s.clientCores() == null ? "-" : String.format(Locale.ROOT, "%.2f", s.clientCores()),
              s.cpuPerOpUs() == null ? "-" : String.format(Locale.ROOT, "%.1f", s.cpuPerOpUs()),
              s == knee ? "knee" : "", SectionTable.report(s.report(), timelines));
        }
      }
      section.table(table);
    }
    return section.build();
  }


  /** With --slo: the highest curve step meeting the bound, and what the bisection after it found. */
  static String sloLine(Curve c) {
    SearchOutcome o = c.search();
    SearchStep best = null;
    int curveSteps = c.steps().size();
    for (SearchStep st : o.steps().subList(0, Math.min(curveSteps, o.steps().size()))) {
      if (st.met() && !st.ceiling() && (best == null || st.targetRate() > best.targetRate())) {
        best = st;
      }
    }
    String label = sloStepLabel(c);
    String highest = best == null ? "no open-loop step met " + o.slo().describe()
        : String.format(Locale.ROOT, "highest step meeting %s: %s (-target %,.0f)", o.slo().describe(), label,
            best.targetRate());
    return highest + "; search after it: " + o.verdict();
  }

  /** The label of the highest open-loop step meeting --slo, or null. */
  static String sloStepLabel(Curve c) {
    if (c.search() == null) {
      return null;
    }
    CurveStep best = null;
    List<SearchStep> judged = c.search().steps();
    for (int i = 0; i < c.steps().size() && i < judged.size(); i++) {
      CurveStep s = c.steps().get(i);
      if (!s.saturation() && judged.get(i).met() && (best == null || s.offered() > best.offered())) {
        best = s;
      }
    }
    return best == null ? null : best.label();
  }

  /** curve.csv as specified above. */
  public static String csv(List<Curve> curves) {
    StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
    for (Curve c : curves) {
      CurveStep knee = c.knee();
      for (CurveStep s : c.steps()) {
        List<String> f = new ArrayList<>(List.of(c.target(), c.group(), c.phase(), s.label(), num(s.offered()),
            num(s.achieved())));
        for (Latencies l : List.of(s.intended(), s.measured())) {
          for (double v : new double[] {l.p50(), l.p99(), l.p999(), l.p9999()}) {
            f.add(v < 0 ? "" : num(v));
          }
        }
        f.add(opt(s.sendLatenessP99Us()));
        f.add(opt(s.clientCores()));
        f.add(opt(s.cpuPerOpUs()));
        f.add(s == knee ? "knee" : "");
        f.add(s.report());
        csv.append(String.join(",", f.stream().map(CurveReport::csvField).toList())).append('\n');
      }
    }
    return csv.toString();
  }

  /** curve.json as specified above. */
  public static String json(List<Curve> curves) {
    return Json.curves(curves);
  }

  /** Writes curve.csv, curve.json and one chart per phase; returns the files written and the charts skipped. */
  public static ChartFiles write(List<Curve> curves, Path dir) throws IOException {
    if (curves.isEmpty()) {
      return new ChartFiles(List.of(), List.of());
    }
    Map<String, Supplier<Chart<?, ?>>> charts = new LinkedHashMap<>();
    for (List<Curve> phase : byPhase(curves).values()) {
      charts.put(chartName(phase.get(0)), () -> CurveChart.of(phase));
    }
    return StepFiles.write(dir, StepFiles.data("curve.csv", csv(curves), "curve.json", json(curves)), charts);
  }

  /** The chart's file name (no extension) of a curve's phase. */
  public static String chartName(Curve c) {
    return Charts.fileName("curve-" + c.group() + "-" + c.phase());
  }

  private static String opt(Double v) {
    return v == null ? "" : num(v);
  }

  /** A CSV number: empty when not finite. */
  private static String num(double v) {
    return Double.isFinite(v) ? Json.num(v) : "";
  }

  private static String csvField(String v) {
    return v.contains(",") || v.contains("\"") || v.contains("\n") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
  }
}
