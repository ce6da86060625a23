package io.github.ycsbtiers.suite.capacity;

import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.curve.CurveStep;
import io.github.ycsbtiers.suite.report.AxisRange;
import io.github.ycsbtiers.suite.report.ChartStyle;
import io.github.ycsbtiers.suite.report.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One profiled phase's capacity: intended p99 (log scale) against the achieved rate, a point per
 * second of the profile, its knee a diamond; the stepped curve's open-loop steps as a line beside
 * it, and its knee, where the phase has one. Axis ends are explicit ({@link AxisRange}).
 */
public final class CapacityChart {
  private CapacityChart() {
  }

  public static XYChart of(PhaseResult r, RampCapacity c, Curve curve) {
    XYChart chart = ChartStyle.xy(1100, 650, String.format(Locale.ROOT, "%s %s %s: capacity from the profile",
        r.target(), r.group(), r.phase()), "achieved throughput (operations/s)", "intended p99 (µs, log scale)",
        Styler.LegendPosition.OutsideE, 14f);
    chart.getStyler().setYAxisLogarithmic(true);
    List<double[]> ramp = c.points().stream().map(p -> new double[] {p.achieved(), p.intendedP99Us()}).toList();
    List<double[]> steps = new ArrayList<>();
    if (curve != null) {
      curve.openLoop().forEach(s -> steps.add(new double[] {s.achieved(), s.intended().p99()}));
    }
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (List<double[]> points : List.of(ramp, steps)) {
      points.forEach(p -> {
        xs.add(p[0]);
        ys.add(p[1]);
      });
    }
    AxisRange x = AxisRange.fromZero(xs);
    AxisRange y = AxisRange.logDecades(ys, 1);
    chart.getStyler().setXAxisMin(x.min()).setXAxisMax(x.max()).setYAxisMin(y.min()).setYAxisMax(y.max());
    XYSeries rows = add(chart, "one second of the profile", ramp, x, y);
    rows.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    rows.setMarker(SeriesMarkers.CIRCLE);
    if (c.knee() != null) {
      add(chart, "knee from the profile", List.<double[]>of(new double[] {c.knee().achieved(), c.knee().intendedP99Us()}),
          x, y).setMarker(SeriesMarkers.DIAMOND);
    }
    if (!steps.isEmpty()) {
      add(chart, "--curve steps", steps, x, y).setMarker(SeriesMarkers.SQUARE);
      CurveStep knee = curve.knee();
      if (knee != null) {
        add(chart, "--curve knee", List.<double[]>of(new double[] {knee.achieved(), knee.intended().p99()}), x, y)
            .setMarker(SeriesMarkers.TRIANGLE_UP);
      }
    }
    return chart;
  }

  private static XYSeries add(XYChart chart, String name, List<double[]> points, AxisRange x, AxisRange y) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (double[] p : points) {
      xs.add(x.clamp(p[0], 0));
      ys.add(y.clamp(p[1], 1));
    }
    XYSeries s = chart.addSeries(name, xs, ys);
    if (points.size() == 1) {
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    }
    return s;
  }
}
