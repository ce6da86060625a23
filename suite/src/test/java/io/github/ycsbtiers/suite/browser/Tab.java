package io.github.ycsbtiers.suite.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.codehaus.jackson.JsonNode;
import org.codehaus.jackson.map.ObjectMapper;

/**
 * One page of the browser, on its own DevTools session: navigate and wait for the load event,
 * evaluate a script, resize the viewport, take a screenshot; and what went wrong on it so far (console
 * errors, uncaught exceptions, log errors such as a file that did not load) and every URL it requested.
 */
final class Tab implements AutoCloseable {
  private final DevTools devTools;
  private final String targetId;
  private final String session;

  private Tab(DevTools devTools, String targetId, String session) {
    this.devTools = devTools;
    this.targetId = targetId;
    this.session = session;
  }

  /** A new blank page, sized {@code width} x {@code height} CSS pixels, its console, log and network watched. */
  static Tab open(DevTools devTools, int width, int height) throws IOException {
    String target = devTools.send(null, "Target.createTarget", Map.of("url", "about:blank")).path("targetId")
        .asText();
    String session = devTools.send(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
        .path("sessionId").asText();
    Tab t = new Tab(devTools, target, session);
    for (String domain : List.of("Page", "Runtime", "Log", "Network")) {
      devTools.send(session, domain + ".enable", Map.of());
    }
    t.resize(width, height, false);
    return t;
  }

  void resize(int width, int height, boolean mobile) throws IOException {
    devTools.send(session, "Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height,
        "deviceScaleFactor", 1, "mobile", mobile));
  }

  /** Opens {@code url} and returns once its load event fired (every image loaded or failed). */
  void navigate(String url) throws IOException {
    int mark = devTools.mark();
    JsonNode r = devTools.send(session, "Page.navigate", Map.of("url", url));
    if (r.has("errorText")) {
      throw new IOException("navigation to " + url + " failed: " + DevTools.text(r.get("errorText")));
    }
    devTools.await(session, "Page.loadEventFired", mark);
  }

  /** The value of a script's expression (JSON-able), awaited if it is a promise. */
  JsonNode evaluate(String expression) throws IOException {
    JsonNode r = devTools.send(session, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true,
        "awaitPromise", true));
    if (r.has("exceptionDetails")) {
      throw new IOException("script failed: " + r.get("exceptionDetails"));
    }
    return r.path("result").path("value");
  }

  /** The script's value, a JSON string, parsed. */
  JsonNode evaluateJson(String expression) throws IOException {
    return new ObjectMapper().readTree(evaluate("JSON.stringify(" + expression + ")").asText());
  }

  /** A PNG of the whole page (beyond the viewport) at the current width. */
  void screenshot(Path png) throws IOException {
    JsonNode size = devTools.send(session, "Page.getLayoutMetrics", Map.of()).path("cssContentSize");
    Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", size.path("width").asDouble(),
        "height", size.path("height").asDouble(), "scale", 1);
    JsonNode shot = devTools.send(session, "Page.captureScreenshot", Map.of("format", "png",
        "captureBeyondViewport", true, "clip", clip));
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.write(png, Base64.getDecoder().decode(DevTools.text(shot.path("data"))));
  }

  /** Every console error or assertion, uncaught exception and error-level log entry so far, one line each. */
  List<String> errors() {
    List<String> errors = new ArrayList<>();
    for (JsonNode e : devTools.events(session)) {
      JsonNode p = e.path("params");
      switch (DevTools.text(e.path("method"))) {
        case "Runtime.consoleAPICalled" -> {
          String type = DevTools.text(p.path("type"));
          if (type.equals("error") || type.equals("assert")) {
            errors.add("console." + type + ": " + p.path("args"));
          }
        }
        case "Runtime.exceptionThrown" -> errors.add("exception: " + p.path("exceptionDetails"));
        case "Log.entryAdded" -> {
          JsonNode entry = p.path("entry");
          if (DevTools.text(entry.path("level")).equals("error")) {
            errors.add("log (" + DevTools.text(entry.path("source")) + "): " + DevTools.text(entry.path("text")) + " "
                + DevTools.text(entry.path("url")));
          }
        }
        default -> {
        }
      }
    }
    return errors;
  }

  /** The URL of every request the page made so far. */
  List<String> requests() {
    return devTools.events(session).stream().filter(e -> DevTools.text(e.path("method")).equals("Network.requestWillBeSent"))
        .map(e -> DevTools.text(e.path("params").path("request").path("url"))).toList();
  }

  @Override
  public void close() throws IOException {
    devTools.send(null, "Target.closeTarget", Map.of("targetId", targetId));
  }
}
