package io.github.ycsbtiers.suite.report;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * How every chart of the suite looks and is drawn: off screen (no display on a benchmark host), its
 * numbers grouped by thousands, no tooltips (the PNG and SVG are static), the title at a size that
 * fits the chart.
 */
public final class ChartStyle {
  /** The size of a chart of steps (ramps, searches) and of the summary's charts. */
  public static final int WIDTH = 1000;
  public static final int HEIGHT = 600;

  private ChartStyle() {
  }

  /**
   * Draws charts without a display; set before the first chart is built or saved. ImageIO's disk cache
   * registers its temporary files with deleteOnExit, which a shutdown hook (Ctrl-C) may not do.
   */
  public static void headless() {
    System.setProperty("java.awt.headless", "true");
    javax.imageio.ImageIO.setUseCache(false);
  }

  /**
   * An XY chart in the suite's style; {@code titleSize} 0 keeps XChart's title font. The caller sets
   * what differs: logarithmic axes, the legend's place, the axes' ends.
   */
  public static XYChart xy(int width, int height, String title, String xTitle, String yTitle,
      Styler.LegendPosition legend, float titleSize) {
    headless();
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(legend);
    chart.getStyler().setXAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setToolTipsEnabled(false);
    if (titleSize > 0) {
      chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(titleSize));
    }
    return chart;
  }
}
