package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The charts of a summary, each as PNG and SVG in {@code charts/}: throughput per phase grouped by
 * target ({@code qps}), p99 per phase grouped by target ({@code p99}), and one latency-percentile
 * curve per group and phase from the HdrHistogram logs ({@code percentiles-<group>-<phase>}).
 */
public final class Charts {
  private static final int WIDTH = 1000;
  private static final int HEIGHT = 600;

  private Charts() {
  }

  /** Writes every chart; returns the files written, relative to {@code dir}. */
  public static List<String> write(Summary s, Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Path charts = Files.createDirectories(dir.resolve("charts"));
    List<String> written = new ArrayList<>();
    if (s.results().isEmpty()) {
      return written;
    }
    written.addAll(save(bars(s, "Throughput per phase", "throughput (operations/s)", PhaseResult::throughput),
        charts, "qps"));
    written.addAll(save(bars(s, "99th percentile latency per phase", "p99 latency (µs)", PhaseResult::p99Us),
        charts, "p99"));
    for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
      PhaseResult any = cell.values().iterator().next();
      XYChart curve = percentiles(s, any.group(), any.phase(), cell, dir);
      if (curve != null) {
        String name = ("percentiles-" + any.group() + "-" + any.phase()).replaceAll("[^A-Za-z0-9._-]+", "-");
        written.addAll(save(curve, charts, name));
      }
    }
    return written.stream().map(f -> dir.relativize(charts.resolve(f)).toString()).toList();
  }

  private static CategoryChart bars(Summary s, String what, String yTitle, Function<PhaseResult, Double> value) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(s.scenario() + ": " + what).xAxisTitle(s.groupLabel() + " and phase")
        .yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(18f));
    List<String> categories = new ArrayList<>();
    for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
      PhaseResult any = cell.values().iterator().next();
      categories.add(any.group() + " " + any.phase());
    }
    for (Summary.Target t : s.targets()) {
      List<Double> ys = new ArrayList<>();
      for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
        PhaseResult r = cell.get(t.name());
        Double v = r == null ? null : value.apply(r);
        ys.add(v == null ? 0.0 : v);
      }
      chart.addSeries(t.name(), categories, ys);
    }
    return chart;
  }

  private static XYChart percentiles(Summary s, String group, String phase, Map<String, PhaseResult> cell, Path dir) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(s.scenario() + ": latency by percentile, " + s.groupLabel() + " " + group + ", " + phase)
        .xAxisTitle("percentile (%, log scale of 1 / (1 - percentile))").yAxisTitle("latency (µs, log scale)").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setXAxisLogarithmicDecadeOnly(true);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(16f));
    int series = 0;
    for (PhaseResult r : cell.values()) {
      for (String file : r.files()) {
        Path log = dir.resolve(file);
        String op = HdrLogs.operationOf(log.getFileName().toString());
        if (!file.endsWith(".hdr") || op.equals("CLEANUP") || !HdrLogs.readable(log)) {
          continue;
        }
        Histogram h = HdrLogs.merge(List.of(log));
        if (h.getTotalCount() == 0) {
          continue;
        }
        double maxNines = Math.min(5, Math.log10(h.getTotalCount()));
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (double nines = 0; nines <= maxNines + 1e-9; nines += 0.05) {
          xs.add(Math.pow(10, nines));
          ys.add((double) Math.max(1, h.getValueAtPercentile(100 * (1 - Math.pow(10, -nines)))));
        }
        chart.addSeries(r.target() + " " + op, xs, ys);
        series++;
      }
    }
    return series == 0 ? null : chart;
  }

  /** x is 1 / (1 - percentile): 10 is 90%, 100 is 99%, 1000 is 99.9%. */
  static String percentileLabel(double x) {
    if (!(x >= 1) || Double.isInfinite(x)) {
      return "";
    }
    double p = 100 * (1 - 1 / x);
    int decimals = (int) Math.min(6, Math.max(0, Math.round(Math.log10(x)) - 2));
    return String.format(Locale.ROOT, "%." + decimals + "f%%", p);
  }

  private static List<String> save(Chart<?, ?> chart, Path dir, String name) throws IOException {
    BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
    VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
        VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    return List.of(name + ".png", name + ".svg");
  }
}
