package io.github.ycsbtiers.suite.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.map.ObjectMapper;

/**
 * Opens a results directory's index.html in the browser and lists what is wrong with it: a chart
 * image that did not load (or has no size), a chart of {@code charts/} the page does not show, a
 * target table cell that differs from summary.json ({@link SummaryCells}), a console error,
 * exception or error log entry, a request for anything but a file, and a page wider than a phone's
 * screen (390 px). Writes screenshots at 1280 and 390 px, every {@code <details>} opened, when asked.
 */
final class PageCheck {
  private static final String READ = String.join("\n",
      "({",
      "  images: [...document.images].map(i => ({src: i.getAttribute('src'), complete: i.complete,",
      "    width: i.naturalWidth, height: i.naturalHeight})),",
      "  tables: [...document.querySelectorAll('table[data-target]')].map(t => ({",
      "    target: t.dataset.target,",
      "    header: [...t.tHead.rows[0].cells].map(c => c.textContent.trim()),",
      "    rows: [...t.tBodies[0].rows].filter(r => r.classList.contains('row')).map(r => ({",
      "      group: r.dataset.group ?? null, phase: r.dataset.phase ?? null,",
      "      cells: [...r.cells].map(c => c.textContent.trim())}))}))",
      "})");
  private static final String WIDTH = "({scroll: document.documentElement.scrollWidth, inner: window.innerWidth})";
  private static final String OPEN_ALL = "document.querySelectorAll('details').forEach(d => d.open = true)";
  static final int WIDE = 1280;
  static final int PHONE = 390;

  private PageCheck() {
  }

  /** The problems of {@code dir}'s page; screenshots go to {@code screenshots} unless it is null. */
  static List<String> check(DevTools devTools, Path dir, Path screenshots) throws IOException {
    List<String> problems = new ArrayList<>();
    Path page = dir.resolve("index.html");
    if (!Files.isRegularFile(page)) {
      return List.of("no index.html in " + dir);
    }
    try (Tab tab = Tab.open(devTools, WIDE, 900)) {
      tab.navigate(page.toUri().toString());
      JsonNode seen = tab.evaluateJson(READ);
      images(seen.path("images"), dir, problems);
      problems.addAll(SummaryCells.compare(new ObjectMapper().readTree(dir.resolve("summary.json").toFile()),
          seen.path("tables")));
      tab.evaluate(OPEN_ALL);
      if (screenshots != null) {
        tab.screenshot(screenshots.resolve("index-" + WIDE + ".png"));
      }
      tab.resize(PHONE, 844, true);
      JsonNode width = tab.evaluateJson(WIDTH);
      if (width.path("scroll").asInt() > width.path("inner").asInt()) {
        problems.add("at " + PHONE + " px the page is " + width.path("scroll").asInt() + " px wide: it scrolls sideways");
      }
      if (screenshots != null) {
        tab.screenshot(screenshots.resolve("index-" + PHONE + ".png"));
      }
      tab.errors().forEach(e -> problems.add("browser: " + e));
      tab.requests().stream().filter(u -> !u.startsWith("file:") && !u.startsWith("data:"))
          .forEach(u -> problems.add("the page requested " + u + ": only files of its directory are allowed"));
    }
    return problems;
  }

  /** Every image loaded with a size; every chart of charts/ is an image of the page. */
  private static void images(JsonNode images, Path dir, List<String> problems) throws IOException {
    Set<String> sources = new HashSet<>();
    for (JsonNode i : images) {
      String src = DevTools.text(i.path("src"));
      sources.add(src);
      if (!i.path("complete").asBoolean() || i.path("width").asInt() == 0 || i.path("height").asInt() == 0) {
        problems.add("chart " + src + " did not load (natural size " + i.path("width").asInt() + " x "
            + i.path("height").asInt() + ")");
      }
    }
    Path charts = dir.resolve("charts");
    if (!Files.isDirectory(charts)) {
      problems.add("no charts/ in " + dir);
      return;
    }
    try (Stream<Path> s = Files.list(charts)) {
      s.map(p -> "charts/" + p.getFileName()).filter(n -> n.endsWith(".png")).sorted()
          .filter(n -> !sources.contains(n)).forEach(n -> problems.add("chart " + n + " is not on the page"));
    }
  }
}
