package io.github.ycsbtiers.suite.timeline;

import io.github.ycsbtiers.suite.report.AxisRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One phase's timeline on one time axis: on the left, per second, the client's throughput and the
 * server's main counters (the embedded store's persistent reads and writes; a remote server's
 * commands, keyspace misses and evictions, each drawn when it is not zero throughout); on the
 * right, the p99 of each operation in each row. A vertical line marks where the warm-up ended. A
 * stall on the server shows as a drop of throughput with the latency it causes, in the same second.
 * Every axis gets explicit ends ({@link AxisRange}), so XChart's tick search always ends.
 */
public final class TimelineChart {
  private static final int LATENCY_AXIS = 1;

  private TimelineChart() {
  }

  /** The chart, or null for a timeline without rows. */
  public static XYChart of(String title, TimelineFile timeline) {
    if (timeline.rows().isEmpty()) {
      return null;
    }
    XYChart chart = new XYChartBuilder().width(1000).height(600).title(title)
        .xAxisTitle("seconds since the phase's process started measuring (warm-up first)")
        .yAxisTitle("per second").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setYAxisGroupPosition(LATENCY_AXIS, Styler.YAxisPosition.Right);
    chart.setYAxisGroupTitle(LATENCY_AXIS, "p99 latency in the row (µs)");
    chart.getStyler().setXAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setMarkerSize(4);
    chart.getStyler().setToolTipsEnabled(false);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(14f));

    List<Double> xs = new ArrayList<>();
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    Map<String, List<double[]>> p99 = new LinkedHashMap<>();
    rates.put("client throughput", new ArrayList<>());
    double warmupEnd = -1;
    for (TimelineFile.Row r : timeline.rows()) {
      double x = timeline.elapsed(r);
      xs.add(x);
      if (r.warmup()) {
        warmupEnd = x;
      }
      rates.get("client throughput").add(r.opsPerSecond());
      r.serverRates().forEach((name, v) -> rates.computeIfAbsent(name, k -> new ArrayList<>()).add(v));
      r.p99Us().forEach((op, v) -> p99.computeIfAbsent(op, k -> new ArrayList<>()).add(new double[] {x, v}));
    }
    AxisRange x = AxisRange.fromZero(xs);
    List<Double> allRates = rates.values().stream().flatMap(List::stream).toList();
    AxisRange left = AxisRange.fromZero(allRates);
    AxisRange right = AxisRange.fromZero(p99.values().stream().flatMap(List::stream).map(p -> p[1]).toList());
    chart.getStyler().setXAxisMin(x.min()).setXAxisMax(x.max());
    chart.getStyler().setYAxisMin(0, left.min()).setYAxisMax(0, left.max());
    chart.getStyler().setYAxisMin(LATENCY_AXIS, right.min()).setYAxisMax(LATENCY_AXIS, right.max());

    for (Map.Entry<String, List<Double>> e : rates.entrySet()) {
      List<Double> ys = e.getValue();
      boolean drawn = e.getKey().equals("client throughput") || e.getKey().equals("server commands")
          || ys.stream().anyMatch(v -> v != null && v > 0);
      if (drawn && ys.size() == xs.size()) {
        XYSeries s = chart.addSeries(e.getKey() + " (/s)", clamped(xs, x), clamped(ys, left));
        s.setMarker(SeriesMarkers.NONE);
      }
    }
    for (Map.Entry<String, List<double[]>> e : p99.entrySet()) {
      List<Double> px = new ArrayList<>();
      List<Double> py = new ArrayList<>();
      for (double[] p : e.getValue()) {
        px.add(x.clamp(p[0], 0));
        py.add(right.clamp(p[1], 0));
      }
      XYSeries s = chart.addSeries("p99 " + e.getKey() + " (µs)", px, py);
      s.setYAxisGroup(LATENCY_AXIS);
      s.setMarker(SeriesMarkers.CIRCLE);
    }
    if (warmupEnd > 0) {
      chart.addAnnotation(new AnnotationLine(x.clamp(warmupEnd, 0), true, false));
    }
    return chart;
  }

  private static List<Double> clamped(List<Double> values, AxisRange range) {
    return values.stream().map(v -> range.clamp(v, 0)).toList();
  }
}
