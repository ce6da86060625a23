package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The charts of a summary, each as PNG and SVG in {@code charts/}: throughput per phase grouped by
 * target ({@code qps}), p99 per phase grouped by target ({@code p99}), and one latency-percentile
 * curve per group and phase from the HdrHistogram logs ({@code percentiles-<group>-<phase>}).
 */
public final class Charts {
  private static final int WIDTH = ChartStyle.WIDTH;
  private static final int HEIGHT = ChartStyle.HEIGHT;
  private static final long RENDER_SECONDS = 60;
  private static final ExecutorService RENDERER = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "chart-renderer");
    t.setDaemon(true);
    return t;
  });

  private Charts() {
  }

  /** Writes every chart; returns the files written, relative to {@code dir}, and the charts skipped. */
  public static ChartFiles write(Summary s, Path dir) throws IOException {
    return write(s, dir, RENDER_SECONDS);
  }

  /** The same, each chart given {@code seconds} to render. */
  static ChartFiles write(Summary s, Path dir, long seconds) throws IOException {
    ChartStyle.headless();
    Path charts = Files.createDirectories(dir.resolve("charts"));
    List<String> written = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    if (s.results().isEmpty()) {
      return new ChartFiles(written, skipped);
    }
    saveInto(bars(s, "Throughput per phase", "throughput (operations/s)", PhaseResult::throughput, false),
        charts, "qps", seconds, written, skipped);
    saveInto(bars(s, "99th percentile latency per phase", "p99 latency (µs, log scale)", PhaseResult::p99Us, true),
        charts, "p99", seconds, written, skipped);
    for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
      PhaseResult any = cell.values().iterator().next();
      XYChart curve = PercentileChart.of(s, any.group(), any.phase(), cell, dir, WIDTH, HEIGHT);
      if (curve != null) {
        saveInto(curve, charts, fileName("percentiles-" + any.group() + "-" + any.phase()), seconds, written, skipped);
      }
    }
    return new ChartFiles(written.stream().map(f -> dir.relativize(charts.resolve(f)).toString()).toList(),
        skipped.stream().map(f -> dir.relativize(charts.resolve(f)).toString()).toList());
  }

  /** A chart's file name (without extension) from its title words. */
  public static String fileName(String words) {
    return words.replaceAll("[^A-Za-z0-9._-]+", "-");
  }

  /** {@link #save}, adding the files to {@code written}, or the chart's name to {@code skipped}. */
  public static void saveInto(Chart<?, ?> chart, Path dir, String name, List<String> written, List<String> skipped)
      throws IOException {
    saveInto(chart, dir, name, RENDER_SECONDS, written, skipped);
  }

  private static void saveInto(Chart<?, ?> chart, Path dir, String name, long seconds, List<String> written,
      List<String> skipped) throws IOException {
    List<String> files = save(chart, dir, name, seconds);
    if (files.isEmpty()) {
      skipped.add(name);
    }
    written.addAll(files);
  }

  private static CategoryChart bars(Summary s, String what, String yTitle, Function<PhaseResult, Double> value,
      boolean log) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(s.scenario() + ": " + what).xAxisTitle(s.groupLabel() + " and phase")
        .yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisLogarithmic(log);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(18f));
    List<Double> all = new ArrayList<>();
    for (PhaseResult r : s.results()) {
      all.add(value.apply(r));
    }
    // explicit ends: the tick search then never sees equal, infinite or (log) non-positive ones
    AxisRange y = log ? AxisRange.logDecades(all, 1.0) : AxisRange.fromZero(all);
    chart.getStyler().setYAxisMin(y.min());
    chart.getStyler().setYAxisMax(y.max());
    List<String> categories = new ArrayList<>();
    for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
      PhaseResult any = cell.values().iterator().next();
      categories.add(any.group() + " " + any.phase());
    }
    for (Summary.Target t : s.targets()) {
      List<Double> ys = new ArrayList<>();
      for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
        PhaseResult r = cell.get(t.name());
        ys.add(y.clamp(r == null ? null : value.apply(r), y.min()));
      }
      chart.addSeries(t.name(), categories, ys);
    }
    return chart;
  }

  /**
   * Renders a chart as PNG and SVG, or skips it (with a line on stderr; an empty list returned)
   * when XChart does not finish within {@link #RENDER_SECONDS} or fails. A safety net: XChart's
   * axis tick search has no bound of its own (it tries wider steps until the labels are distinct and
   * fit; {@link PercentileChart} says how its labels make that end, {@link AxisRange} how the other
   * axes get ends it can work on), and a chart must never keep the results from being written. The
   * renderer is a daemon thread, so a looping one ends with the JVM.
   */
  public static List<String> save(Chart<?, ?> chart, Path dir, String name) throws IOException {
    return save(chart, dir, name, RENDER_SECONDS);
  }

  static List<String> save(Chart<?, ?> chart, Path dir, String name, long seconds) throws IOException {
    ChartStyle.headless();
    Future<List<String>> rendered = RENDERER.submit(() -> {
      BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
      VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
          VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
      return List.of(name + ".png", name + ".svg");
    });
    try {
      return rendered.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      rendered.cancel(true);
      System.err.println("chart " + name + " not rendered: the chart library did not finish within " + seconds + " s");
      Files.deleteIfExists(dir.resolve(name + ".png"));
      Files.deleteIfExists(dir.resolve(name + ".svg"));
      return List.of();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      System.err.println("chart " + name + " not rendered: " + e.getCause());
      Files.deleteIfExists(dir.resolve(name + ".png"));
      Files.deleteIfExists(dir.resolve(name + ".svg"));
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while rendering chart " + name, e);
    }
  }
}
