package io.github.ycsbtiers.suite.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The latency-by-percentile chart of one group and phase: one curve per target and operation from
 * the HdrHistogram logs, latency on a log scale against the number of nines, -log10(1 - p/100)
 * (1 is 90%, 2 is 99%, 3 is 99.9%), which runs from 0 to the whole number of nines above the
 * largest operation count.
 *
 * <p>The x-axis labels are built for XChart 3.8.8's tick search, which tries ever wider tick steps
 * (1, 2 and 5 times a power of ten) until every label of a step is distinct and fits, and has no
 * other way out: the ticks it labels run from one step below the axis to up to two steps beyond
 * it. {@link #label} gives every whole number of nines its own label, however many nines, and
 * every other value the same blank. A step below one nine therefore always has two blanks (below 0
 * and between two whole numbers) and is passed over; a step of whole nines has one blank (below 0)
 * and ends the search at the first step whose labels fit, which a wide enough step always does.
 * An earlier labelling printed 7, 8 and 9 nines alike as 100% and left 10 and more blank: once the
 * axis reached 7 nines (an operation counted more than a million times) every step had a repeated
 * label, and the search never ended. The other route XChart takes, when the x values and the axis
 * ends are evenly spaced (a curve ending 0.05 short of a whole number of nines), keeps every k-th
 * value for k = 1, 2, ...; with these labels it stops at whole nines too (k = 20, or k = 10 on a
 * one-nine axis), and draws the blank there, which therefore is a space.
 */
final class PercentileChart {
  /** Points per nine on each curve; x is an exact multiple of 1/20, so whole nines are exact. */
  static final int POINTS_PER_NINE = 20;
  /** The most nines written out in a label. */
  static final int SPELLED_OUT = 30;
  private static final String BLANK = " ";

  private PercentileChart() {
  }

  /** The chart, or null when no log of the cell has a value. */
  static XYChart of(Summary s, String group, String phase, Map<String, PhaseResult> cell, Path dir, int width,
      int height) {
    XYChart chart = new XYChartBuilder().width(width).height(height)
        .title(s.scenario() + ": latency by percentile, " + s.groupLabel() + " " + group + ", " + phase)
        .xAxisTitle("percentile (spaced by nines: 90%, 99%, 99.9%, ...)").yAxisTitle("latency (µs, log scale)").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(PercentileChart::label);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(16f));
    int series = 0;
    long axisMax = 1;
    List<Double> latencies = new ArrayList<>();
    for (PhaseResult r : cell.values()) {
      for (Map.Entry<String, List<Path>> e : logsByOperation(r, dir).entrySet()) {
        Histogram h = HdrLogs.merge(e.getValue());
        if (h.getTotalCount() == 0) {
          continue;
        }
        double maxNines = Math.log10(h.getTotalCount());
        long points = (long) Math.floor(maxNines * POINTS_PER_NINE + 1e-9);
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (long i = 0; i <= points; i++) {
          double nines = (double) i / POINTS_PER_NINE;
          xs.add(nines);
          // log axis: a latency of 0 µs (a value below the histogram's resolution) is drawn at 1 µs
          ys.add((double) Math.max(1, h.getValueAtPercentile(100 * (1 - Math.pow(10, -nines)))));
        }
        latencies.addAll(ys);
        axisMax = Math.max(axisMax, (long) Math.ceil(maxNines));
        chart.addSeries(r.target() + " " + e.getKey(), xs, ys);
        series++;
      }
    }
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax((double) axisMax);
    AxisRange y = AxisRange.logDecades(latencies, 1.0);
    chart.getStyler().setYAxisMin(y.min());
    chart.getStyler().setYAxisMax(y.max());
    return series == 0 ? null : chart;
  }

  /**
   * The label of a tick at {@code nines}: {@code 0%}, {@code 90%}, {@code 99%}, {@code 99.9%}, ...
   * for every whole number of nines, without an upper limit ({@code N nines} past {@value
   * #SPELLED_OUT} nines, beyond any axis, as a count of 2^63 has 19); a blank for anything else
   * (ticks between whole nines, below 0, not a number). The blank is a space: XChart measures a
   * label it draws, and an empty text cannot be measured.
   */
  static String label(double nines) {
    double whole = Math.rint(nines);
    if (!(nines >= 0) || Math.abs(nines - whole) > 1e-6) {
      return BLANK;
    }
    if (whole > SPELLED_OUT) {
      return String.format(Locale.ROOT, "%.0f nines", whole);
    }
    int n = (int) whole;
    return switch (n) {
      case 0 -> "0%";
      case 1 -> "90%";
      case 2 -> "99%";
      default -> "99." + "9".repeat(n - 2) + "%";
    };
  }

  /**
   * One entry per operation, its logs (with --clients N, one per client, added together); the
   * cleanup sections are left out.
   */
  private static Map<String, List<Path>> logsByOperation(PhaseResult r, Path dir) {
    String base = r.files().stream().filter(f -> f.endsWith(".txt"))
        .map(f -> Path.of(f).getFileName().toString().replaceFirst("\\.txt$", "-")).findFirst().orElse(null);
    Map<String, List<Path>> logsByOp = new LinkedHashMap<>();
    for (String file : r.files()) {
      Path log = dir.resolve(file);
      String name = log.getFileName().toString();
      // section names may have dashes of their own (CMD-GET, SETBIT-MULTI10): cut the phase's prefix
      String op = base != null && name.startsWith(base) && name.endsWith(".hdr")
          ? name.substring(base.length(), name.length() - 4) : HdrLogs.operationOf(name);
      if (file.endsWith(".hdr") && !op.endsWith("CLEANUP") && HdrLogs.readable(log)) {
        logsByOp.computeIfAbsent(op, k -> new ArrayList<>()).add(log);
      }
    }
    return logsByOp;
  }
}
