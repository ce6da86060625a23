package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * The trigger of the flash-hit chart that held XChart 3.8.8 for 517 s, reproduced. Its tick search
 * (AxisTickCalculator_) widens the tick step until every label is distinct and fits, and has no
 * other exit. The chart was a latency-percentile curve of an embedded-store phase with 1,159,829
 * READs: x runs to 7 nines, and the labelling of the time printed 7, 8 and 9 nines alike as
 * {@code 100%} and everything else blank, so every step had a repeated label. The loop runs in a
 * child JVM (a looping thread cannot be stopped in this one), which the test ends.
 */
class TickSearchLoopTest {
  /** 1,159,829 operations: log10 is 6.06, so the curve's x runs 0..6.05 by 0.05 on an axis to 7. */
  private static final long READS = 1_159_829;

  @Test
  @Timeout(90)
  void labelsThatRepeatPastSixNinesNeverEndTheTickSearchAndTheSuitesLabelsDo() throws Exception {
    Process old = child("old");
    try (BufferedReader out = reader(old)) {
      assertEquals("painting", out.readLine());
      assertFalse(old.waitFor(5, TimeUnit.SECONDS), "the old labels' chart was drawn");
    } finally {
      old.destroyForcibly().waitFor();
    }
    Process current = child("current");
    try (BufferedReader out = reader(current)) {
      assertEquals("painting", out.readLine());
      // the old labels never end; the current ones end, in however long a busy machine takes
      assertTrue(current.waitFor(60, TimeUnit.SECONDS), "the suite's labels' chart did not end within 60 s");
      assertEquals("painted", out.readLine());
      assertEquals(0, current.exitValue());
    } finally {
      current.destroyForcibly().waitFor();
    }
  }

  /** Paints the chart with the {@code old} or the {@code current} labels, saying when it starts and ends. */
  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    Function<Double, String> labels = "old".equals(args[0]) ? TickSearchLoopTest::oldLabel : PercentileChart::label;
    XYChart chart = new XYChartBuilder().width(1000).height(600).title("flash-hit: latency by percentile")
        .xAxisTitle("percentile").yAxisTitle("latency (µs, log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(labels);
    double maxNines = Math.log10(READS);
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int i = 0; i <= (int) Math.floor(maxNines * PercentileChart.POINTS_PER_NINE); i++) {
      xs.add((double) i / PercentileChart.POINTS_PER_NINE);
      ys.add(1.0 + i);
    }
    chart.addSeries("pmem READ", xs, ys);
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax(Math.ceil(maxNines));
    System.out.println("painting");
    System.out.flush();
    java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(1000, 600,
        java.awt.image.BufferedImage.TYPE_INT_RGB);
    chart.paint(image.createGraphics(), 1000, 600);
    System.out.println("painted");
  }

  /** The labelling of the time: a percentage to four decimals, so 7, 8 and 9 nines all read 100%. */
  static String oldLabel(double nines) {
    if (!(nines >= 0) || nines > 9 || Math.abs(nines - Math.rint(nines)) > 1e-6) {
      return "";
    }
    String text = String.format(Locale.ROOT, "%.4f", 100 * (1 - Math.pow(10, -nines)))
        .replaceAll("0+$", "").replaceAll("\\.$", "");
    return text + "%";
  }

  private static Process child(String labels) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "-Xmx256m",
        TickSearchLoopTest.class.getName(), labels).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static BufferedReader reader(Process p) {
    return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
  }
}
