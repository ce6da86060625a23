package io.github.ycsbtiers.suite.timeline;

import io.github.ycsbtiers.suite.report.AxisRange;
import io.github.ycsbtiers.suite.report.ChartStyle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One phase's timeline on one time axis: on the left, per second, the client's throughput and the
 * server's main counters (the embedded store's persistent reads and writes; a remote server's
 * commands, keyspace misses and evictions, each drawn when it is not zero throughout); on the
 * right, in microseconds, the p99 of each operation in each row and, when there was any, the time
 * RocksDB held writers back in the row (its write stall). A vertical line marks where the warm-up
 * ended. Where latency is also timed from each operation's due time ({@code -target}, a rate
 * profile), its intended p99 is drawn beside; under a profile, what the profile offered per second
 * beside the throughput achieved, and the operations sent late per second. A stall on the server shows as a drop of throughput with the latency it causes, in the
 * same second.
 * Every axis gets explicit ends ({@link AxisRange}), so XChart's tick search always ends.
 */
public final class TimelineChart {
  private static final int LATENCY_AXIS = 1;
  private static final String THROUGHPUT = "client throughput";
  private static final String OFFERED = "offered by the profile";
  private static final String LATE = "late operations";

  private TimelineChart() {
  }

  /** The chart, or null for a timeline without rows. */
  public static XYChart of(String title, TimelineFile timeline) {
    if (timeline.rows().isEmpty()) {
      return null;
    }
    XYChart chart = ChartStyle.xy(1100, ChartStyle.HEIGHT, title,
        "seconds since the phase's first row began (warm-up rows first; each point is a row's end)", "per second",
        Styler.LegendPosition.OutsideE, 14f);
    chart.getStyler().setYAxisGroupPosition(LATENCY_AXIS, Styler.YAxisPosition.Right);
    chart.setYAxisGroupTitle(LATENCY_AXIS, "µs in the row: p99 latency, write stall");
    chart.getStyler().setMarkerSize(4);

    List<Double> xs = new ArrayList<>();
    Map<String, List<double[]>> rates = new LinkedHashMap<>();
    Map<String, List<double[]>> p99 = new LinkedHashMap<>();
    Map<String, List<double[]>> stalls = new LinkedHashMap<>();
    rates.put(THROUGHPUT, new ArrayList<>());
    if (timeline.rows().stream().anyMatch(TimelineFile.Row::profiled)) {
      rates.put(OFFERED, new ArrayList<>());
      rates.put(LATE, new ArrayList<>());
    }
    double warmupEnd = -1;
    for (TimelineFile.Row r : timeline.rows()) {
      double x = timeline.elapsed(r);
      xs.add(x);
      if (r.warmup()) {
        warmupEnd = x;
      }
      rates.get(THROUGHPUT).add(new double[] {x, r.opsPerSecond()});
      if (r.profiled()) {
        rates.get(OFFERED).add(new double[] {x, r.offeredPerSecond()});
        rates.get(LATE).add(new double[] {x, r.seconds() > 0 ? r.late() / r.seconds() : 0});
      }
      r.serverRates().forEach((name, v) -> rates.computeIfAbsent(name, k -> new ArrayList<>()).add(new double[] {x, v}));
      r.p99Us().forEach((op, v) -> p99.computeIfAbsent("p99 " + op, k -> new ArrayList<>()).add(new double[] {x, v}));
      r.intendedP99Us().forEach((op, v) -> p99.computeIfAbsent("intended p99 " + op, k -> new ArrayList<>())
          .add(new double[] {x, v}));
      r.stallUs().forEach((what, v) -> stalls.computeIfAbsent(what, k -> new ArrayList<>()).add(new double[] {x, v}));
    }
    // a stall series of zeros only says nothing: drawn beside the p99s when some row had a stall
    stalls.forEach((what, points) -> {
      if (points.stream().anyMatch(p -> p[1] > 0)) {
        p99.put(what, points);
      }
    });
    AxisRange x = AxisRange.fromZero(xs);
    AxisRange left = AxisRange.fromZero(rates.values().stream().flatMap(List::stream).map(p -> p[1]).toList());
    AxisRange right = AxisRange.fromZero(p99.values().stream().flatMap(List::stream).map(p -> p[1]).toList());
    chart.getStyler().setXAxisMin(x.min()).setXAxisMax(x.max());
    chart.getStyler().setYAxisMin(0, left.min()).setYAxisMax(0, left.max());
    chart.getStyler().setYAxisMin(LATENCY_AXIS, right.min()).setYAxisMax(LATENCY_AXIS, right.max());

    for (Map.Entry<String, List<double[]>> e : rates.entrySet()) {
      boolean drawn = e.getKey().equals(THROUGHPUT) || e.getKey().equals(OFFERED)
          || e.getKey().equals("server commands")
          || e.getValue().stream().anyMatch(p -> p[1] > 0);
      if (drawn) {
        addSeries(chart, e.getKey() + " (/s)", e.getValue(), x, left).setMarker(SeriesMarkers.NONE);
      }
    }
    for (Map.Entry<String, List<double[]>> e : p99.entrySet()) {
      XYSeries s = addSeries(chart, e.getKey() + " (µs)", e.getValue(), x, right);
      s.setYAxisGroup(LATENCY_AXIS);
      s.setMarker(SeriesMarkers.CIRCLE);
    }
    if (warmupEnd > 0) {
      chart.addAnnotation(new AnnotationLine(x.clamp(warmupEnd, 0), true, false));
    }
    return chart;
  }

  private static XYSeries addSeries(XYChart chart, String name, List<double[]> points, AxisRange x, AxisRange y) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (double[] p : points) {
      xs.add(x.clamp(p[0], 0));
      ys.add(y.clamp(p[1], 0));
    }
    return chart.addSeries(name, xs, ys);
  }
}
