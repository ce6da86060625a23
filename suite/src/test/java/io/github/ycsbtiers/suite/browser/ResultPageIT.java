package io.github.ycsbtiers.suite.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.Main;
import io.github.ycsbtiers.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.map.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real results directory's index.html in headless Chromium ({@link PageCheck}): a value-size run of
 * one value size on the embedded store (3 phases, a few seconds of CPU), then the page as the suite
 * wrote it, and two copies that the check must find wrong: one missing a chart, one whose page shows
 * a cell other than summary.json's. One Chromium for the class; the screenshots go to
 * {@code target/page-check/}.
 */
class ResultPageIT {
  private static final Path SCREENSHOTS = Path.of("target", "page-check");

  @TempDir
  static Path temp;
  static Path results;
  static Chromium chromium;
  static DevTools devTools;

  @BeforeAll
  static void runTheSuiteAndStartChromium() throws IOException {
    results = temp.resolve("results");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = Main.run(List.of("value-size", "--target", "pmem=tiered,tiered.medium=pmem", "--value-sizes", "128",
        "--data", "64k", "--threads", "2", "--warmup", "0", "--out", results.toString()),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(results.resolve("index.html").toString(), lines.get(lines.size() - 1), "the page's path comes last");
    chromium = Chromium.start();
    devTools = DevTools.connect(chromium.devTools());
  }

  @AfterAll
  static void stopChromium() throws IOException {
    if (devTools != null) {
      devTools.close();
    }
    if (chromium != null) {
      chromium.close();
    }
  }

  @Test
  void thePageShowsEveryChartAndSummaryJsonsFiguresWithoutAnError() throws IOException {
    List<String> problems = PageCheck.check(devTools, results, SCREENSHOTS);
    assertEquals(List.of(), problems, "chromium's stderr: " + chromium.stderr());
    for (int width : List.of(PageCheck.WIDE, PageCheck.PHONE)) {
      Path shot = SCREENSHOTS.resolve("index-" + width + ".png");
      assertTrue(Files.size(shot) > 10_000, shot + ": " + Files.size(shot) + " bytes");
    }
  }

  @Test
  void aChartMissingFromTheDirectoryIsReported() throws IOException {
    Path copy = TestFiles.copyTree(results, temp.resolve("no-qps-chart"));
    Files.delete(copy.resolve("charts/qps.png"));
    List<String> problems = PageCheck.check(devTools, copy, null);
    assertTrue(problems.contains("chart charts/qps.png did not load (natural size 0 x 0)"), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.startsWith("browser: ") && p.contains("qps.png")),
        "and the browser logged an error: " + problems);
  }

  @Test
  void aCellThatDiffersFromSummaryJsonIsReported() throws IOException {
    Path copy = TestFiles.copyTree(results, temp.resolve("changed-cell"));
    JsonNode load = new ObjectMapper().readTree(copy.resolve("summary.json").toFile()).path("results").get(0);
    assertEquals("load", DevTools.text(load.path("phase")));
    String qps = String.format(Locale.ROOT, "%.0f", load.path("throughput").asDouble());
    String other = Long.toString(Long.parseLong(qps) + 1);
    Path page = copy.resolve("index.html");
    String html = Files.readString(page);
    int row = html.indexOf("<tr class=\"row\" data-target=\"pmem\"");
    String cell = "<td class=\"num\">" + qps + "</td>";
    int at = html.indexOf(cell, row);
    assertTrue(row > 0 && at > row, "the load QPS cell " + cell + " in the first row: " + html);
    Files.writeString(page, html.substring(0, at) + "<td class=\"num\">" + other + "</td>"
        + html.substring(at + cell.length()));
    List<String> problems = PageCheck.check(devTools, copy, null);
    assertEquals(List.of("pmem 128 B, column 'load QPS': the page shows " + other + ", summary.json gives " + qps),
        problems);
  }
}
