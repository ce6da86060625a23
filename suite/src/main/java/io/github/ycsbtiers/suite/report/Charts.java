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
  private static final int WIDTH = 1000;
  private static final int HEIGHT = 600;
  private static final long RENDER_SECONDS = 60;
  private static final ExecutorService RENDERER = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "chart-renderer");
    t.setDaemon(true);
    return t;
  });

  private Charts() {
  }

  /** Writes every chart; returns the files written, relative to {@code dir}. */
  public static List<String> write(Summary s, Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    // ImageIO's disk cache registers its temp files with deleteOnExit, refused in a shutdown hook (Ctrl-C)
    javax.imageio.ImageIO.setUseCache(false);
    Path charts = Files.createDirectories(dir.resolve("charts"));
    List<String> written = new ArrayList<>();
    if (s.results().isEmpty()) {
      return written;
    }
    written.addAll(save(bars(s, "Throughput per phase", "throughput (operations/s)", PhaseResult::throughput, false),
        charts, "qps"));
    written.addAll(save(bars(s, "99th percentile latency per phase", "p99 latency (µs, log scale)",
        PhaseResult::p99Us, true), charts, "p99"));
    for (Map<String, PhaseResult> cell : SideBySide.cells(s).values()) {
      PhaseResult any = cell.values().iterator().next();
      XYChart curve = PercentileChart.of(s, any.group(), any.phase(), cell, dir, WIDTH, HEIGHT);
      if (curve != null) {
        String name = ("percentiles-" + any.group() + "-" + any.phase()).replaceAll("[^A-Za-z0-9._-]+", "-");
        written.addAll(save(curve, charts, name));
      }
    }
    return written.stream().map(f -> dir.relativize(charts.resolve(f)).toString()).toList();
  }

  private static CategoryChart bars(Summary s, String what, String yTitle, Function<PhaseResult, Double> value,
      boolean log) {
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(s.scenario() + ": " + what).xAxisTitle(s.groupLabel() + " and phase")
        .yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    if (log) {
      chart.getStyler().setYAxisLogarithmic(true);
      chart.getStyler().setYAxisMin(1.0);
    }
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
        ys.add(v == null ? (log ? 1.0 : 0.0) : Math.max(log ? 1.0 : 0.0, v));
      }
      chart.addSeries(t.name(), categories, ys);
    }
    return chart;
  }

  /**
   * Renders a chart as PNG and SVG, or skips it (with a line on stderr) when XChart does not finish
   * within {@link #RENDER_SECONDS}. A safety net: XChart's axis tick search has no bound of its own
   * (it tries wider steps until the labels are distinct and fit; {@link PercentileChart} says how
   * its labels made that end, after one that did not looped on a flash-hit run), and a chart must
   * never keep the results from being written. The renderer is a daemon thread, so a looping one
   * ends with the JVM.
   */
  public static List<String> save(Chart<?, ?> chart, Path dir, String name) throws IOException {
    return save(chart, dir, name, RENDER_SECONDS);
  }

  static List<String> save(Chart<?, ?> chart, Path dir, String name, long seconds) throws IOException {
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
      throw e.getCause() instanceof IOException io ? io : new IOException("chart " + name + ": " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while rendering chart " + name, e);
    }
  }
}
