package io.github.ycsbtiers.suite.curve;

import io.github.ycsbtiers.suite.report.AxisRange;
import io.github.ycsbtiers.suite.report.ChartStyle;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The chart of one phase's curves: latency (log scale) against achieved throughput, a line per target
 * and percentile over its open-loop steps (intended p50 dotted, p99 solid, p99.9 dashed, p99.99
 * dash-dotted, the measured p99 thin, all in the target's colour), each target's knee a red diamond on
 * its intended p99 line, its saturation run a cross at its throughput and measured p99. Axis ends are set explicitly and every point clamped within them ({@link AxisRange}),
 * so the chart library's tick search always has a finite span.
 */
public final class CurveChart {
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 650;
  private static final Color[] COLOURS = {new Color(0x1f77b4), new Color(0x2ca02c), new Color(0x9467bd),
      new Color(0xff7f0e), new Color(0x8c564b), new Color(0x17becf)};
  private static final BasicStroke THIN = new BasicStroke(1f);

  private CurveChart() {
  }

  /** The chart of the curves of one phase (every curve the same group and phase; at least one). */
  public static XYChart of(List<Curve> phase) {
    Curve first = phase.get(0);
    XYChart chart = ChartStyle.xy(WIDTH, HEIGHT, String.format(Locale.ROOT, "%s %s: latency against throughput"
        + " (knee: intended p99 > %s x the lowest step's)", first.group(), first.phase(), Knee.num(first.kneeFactor())),
        "achieved throughput (operations/s)", "latency (µs, log scale)", Styler.LegendPosition.OutsideE, 14f);
    chart.getStyler().setYAxisLogarithmic(true);
    List<Double> rawXs = new ArrayList<>();
    List<Double> rawYs = new ArrayList<>();
    for (Curve c : phase) {
      for (CurveStep s : c.steps()) {
        rawXs.add(s.achieved());
        for (Latencies l : List.of(s.intended(), s.measured())) {
          for (double v : new double[] {l.p50(), l.p99(), l.p999(), l.p9999()}) {
            if (v > 0) {
              rawYs.add(v);
            }
          }
        }
      }
    }
    AxisRange x = AxisRange.fromZero(rawXs);
    AxisRange y = AxisRange.logDecades(rawYs, 1.0);
    chart.getStyler().setXAxisMin(x.min());
    chart.getStyler().setXAxisMax(x.max());
    chart.getStyler().setYAxisMin(y.min());
    chart.getStyler().setYAxisMax(y.max());
    for (int t = 0; t < phase.size(); t++) {
      // one colour per target, one line style per percentile: a target's curves read as a family
      Curve c = phase.get(t);
      Color colour = COLOURS[t % COLOURS.length];
      List<CurveStep> open = c.openLoop();
      line(chart, c.target() + " intended p50", open, s -> s.intended().p50(), x, y, colour, SeriesLines.DOT_DOT);
      line(chart, c.target() + " intended p99", open, s -> s.intended().p99(), x, y, colour, SeriesLines.SOLID);
      line(chart, c.target() + " intended p99.9", open, s -> s.intended().p999(), x, y, colour, SeriesLines.DASH_DASH);
      line(chart, c.target() + " intended p99.99", open, s -> s.intended().p9999(), x, y, colour, SeriesLines.DASH_DOT);
      line(chart, c.target() + " measured p99", open, s -> s.measured().p99(), x, y, colour.brighter(), THIN);
      CurveStep knee = c.knee();
      if (knee != null) {
        XYSeries k = chart.addSeries(String.format(Locale.ROOT, "%s knee: %s", c.target(), knee.label()),
            List.of(x.clamp(knee.achieved(), 0)), List.of(y.clamp(knee.intended().p99(), y.min())));
        k.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        k.setMarker(SeriesMarkers.DIAMOND);
        k.setMarkerColor(Color.RED);
      }
      CurveStep sat = c.saturation();
      if (sat != null && sat.measured().p99() > 0) {
        XYSeries s = chart.addSeries(String.format(Locale.ROOT, "%s saturation (closed loop), p99", c.target()),
            List.of(x.clamp(sat.achieved(), 0)), List.of(y.clamp(sat.measured().p99(), y.min())));
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CROSS);
        s.setMarkerColor(colour);
      }
    }
    if (chart.getSeriesMap().isEmpty()) {
      // a phase with nothing measured still gets a chart that says so, never an empty file
      XYSeries none = chart.addSeries("no step measured", List.of(x.min()), List.of(y.min()));
      none.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }
    return chart;
  }

  /** A line over the steps with a known figure; none when no step has one. */
  private static void line(XYChart chart, String name, List<CurveStep> steps, ToDoubleFunction<CurveStep> value,
      AxisRange x, AxisRange y, Color colour, BasicStroke stroke) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (CurveStep s : steps) {
      double v = value.applyAsDouble(s);
      if (v > 0 || Double.isNaN(v) || Double.isInfinite(v)) {
        xs.add(x.clamp(s.achieved(), 0));
        ys.add(y.clamp(v > 0 || Double.isInfinite(v) ? v : Double.NaN, y.max()));
      }
    }
    if (!xs.isEmpty()) {
      XYSeries series = chart.addSeries(name, xs, ys);
      series.setMarker(SeriesMarkers.CIRCLE);
      series.setLineColor(colour);
      series.setMarkerColor(colour);
      series.setLineStyle(stroke);
    }
  }
}
