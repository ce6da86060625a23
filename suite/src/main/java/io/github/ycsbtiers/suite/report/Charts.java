package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
      XYChart curve = percentiles(s, any.group(), any.phase(), cell, dir);
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

  private static XYChart percentiles(Summary s, String group, String phase, Map<String, PhaseResult> cell, Path dir) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(s.scenario() + ": latency by percentile, " + s.groupLabel() + " " + group + ", " + phase)
        .xAxisTitle("percentile (spaced by nines: 90%, 99%, 99.9%, ...)").yAxisTitle("latency (µs, log scale)").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(16f));
    int series = 0;
    double axisMax = 1;
    for (PhaseResult r : cell.values()) {
      String base = r.files().stream().filter(f -> f.endsWith(".txt"))
          .map(f -> Path.of(f).getFileName().toString().replaceFirst("\\.txt$", "-")).findFirst().orElse(null);
      // one series per operation: with --clients N, the clients' logs of an operation are added together
      java.util.Map<String, List<Path>> logsByOp = new java.util.LinkedHashMap<>();
      for (String file : r.files()) {
        Path log = dir.resolve(file);
        String name = log.getFileName().toString();
        // section names may have dashes of their own (CMD-GET, SETBIT-MULTI10): cut the phase's prefix
        String op = base != null && name.startsWith(base) && name.endsWith(".hdr")
            ? name.substring(base.length(), name.length() - 4) : HdrLogs.operationOf(name);
        if (file.endsWith(".hdr") && !op.equals("CLEANUP") && HdrLogs.readable(log)) {
          logsByOp.computeIfAbsent(op, k -> new ArrayList<>()).add(log);
        }
      }
      for (java.util.Map.Entry<String, List<Path>> e : logsByOp.entrySet()) {
        String op = e.getKey();
        Histogram h = HdrLogs.merge(e.getValue());
        if (h.getTotalCount() == 0) {
          continue;
        }
        double maxNines = Math.log10(h.getTotalCount());
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (double nines = 0; nines <= maxNines + 1e-9; nines += 0.05) {
          xs.add(nines);
          ys.add((double) Math.max(1, h.getValueAtPercentile(100 * (1 - Math.pow(10, -nines)))));
        }
        axisMax = Math.max(axisMax, Math.ceil(maxNines));
        chart.addSeries(r.target() + " " + op, xs, ys);
        series++;
      }
    }
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax(axisMax);
    return series == 0 ? null : chart;
  }

  /**
   * x is the number of nines, -log10(1 - p/100): 1 is 90%, 2 is 99%, 3 is 99.9%. Only whole
   * numbers of nines are labelled; ticks in between stay blank.
   */
  static String percentileLabel(double nines) {
    if (!(nines >= 0) || nines > 9 || Math.abs(nines - Math.rint(nines)) > 1e-6) {
      return "";
    }
    double p = 100 * (1 - Math.pow(10, -nines));
    String text = String.format(Locale.ROOT, "%.4f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
    return text + "%";
  }

  /**
   * Renders a chart as PNG and SVG, or skips it (with a line on stderr) when XChart does not finish
   * within {@link #RENDER_SECONDS}: its axis tick calculation was seen looping without end on one
   * latency-percentile chart of a flash-hit run, and a chart must never keep the results from
   * being written. The renderer is a daemon thread, so a looping one ends with the JVM.
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
