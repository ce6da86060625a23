package io.github.ycsbtiers.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
  @TempDir
  Path dir;

  @Test
  @org.junit.jupiter.api.Timeout(30)
  void aChartThatNeverFinishesRenderingIsSkipped() throws Exception {
    org.knowm.xchart.XYChart endless = new org.knowm.xchart.XYChart(200, 100) {
      @Override
      public void paint(java.awt.Graphics2D g, int width, int height) {
        while (true) {
          java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
      }
    };
    long start = System.nanoTime();
    assertEquals(List.of(), Charts.save(endless, dir, "endless", 1));
    assertTrue(System.nanoTime() - start < 10_000_000_000L, "waited past the limit");
    assertTrue(Files.notExists(dir.resolve("endless.png")) && Files.notExists(dir.resolve("endless.svg")));
    org.knowm.xchart.XYChart fine = new org.knowm.xchart.XYChart(200, 100);
    fine.addSeries("s", new double[] {0, 1}, new double[] {1, 2});
    assertEquals(List.of("fine.png", "fine.svg"), Charts.save(fine, dir, "fine", 60));
    assertTrue(Files.size(dir.resolve("fine.png")) > 0);
  }

  @Test
  void writesBarChartsAsPngAndSvg() throws Exception {
    List<String> files = Charts.write(SummaryFormatsTest.sample(), dir).written();
    assertTrue(files.containsAll(List.of("charts/qps.png", "charts/qps.svg", "charts/p99.png", "charts/p99.svg")),
        files.toString());
    byte[] png = Files.readAllBytes(dir.resolve("charts/qps.png"));
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
    assertTrue(Files.readString(dir.resolve("charts/p99.svg")).contains("<svg"));
  }
}
