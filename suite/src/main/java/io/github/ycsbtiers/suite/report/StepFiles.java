package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * The files of a report measured in steps (connection ramps, capacity curves, latency-bound
 * searches), written the same way for each: its data files in the results directory, then one chart
 * per phase or search in {@code charts/}.
 */
public final class StepFiles {
  private StepFiles() {
  }

  /** Data files in the order given: a file name, its text, the next name, ... */
  public static Map<String, String> data(String... nameThenText) {
    Map<String, String> files = new LinkedHashMap<>();
    for (int i = 0; i < nameThenText.length; i += 2) {
      files.put(nameThenText[i], nameThenText[i + 1]);
    }
    return files;
  }

  /**
   * Writes each of {@code data} (file name to text), then renders each of {@code charts} (file name
   * without extension to the chart, built only now); returns the files written and the charts
   * skipped, relative to {@code dir}.
   */
  public static ChartFiles write(Path dir, Map<String, String> data, Map<String, Supplier<Chart<?, ?>>> charts)
      throws IOException {
    List<String> written = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Map.Entry<String, String> file : data.entrySet()) {
      Files.writeString(dir.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
      written.add(file.getKey());
    }
    ChartStyle.headless();
    Path chartDir = Files.createDirectories(dir.resolve("charts"));
    List<String> files = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, Supplier<Chart<?, ?>>> chart : charts.entrySet()) {
      Charts.saveInto(chart.getValue().get(), chartDir, chart.getKey(), files, names);
    }
    files.forEach(f -> written.add("charts/" + f));
    names.forEach(n -> skipped.add("charts/" + n));
    return new ChartFiles(written, skipped);
  }
}
