package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real Prometheus server (Debian's {@code prometheus}) on a free loopback port, scraping the given
 * loopback targets every {@code scrapeInterval}, with its data in a directory of its own; queried
 * through its HTTP API. {@link #close} stops the process and removes the directory.
 */
public final class PrometheusServer implements AutoCloseable {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
  private static final Pattern SAMPLE = Pattern.compile(
      "\\{\"metric\":\\{([^}]*)\\},\"value\":\\[[0-9.e+-]+,\"([^\"]+)\"\\]\\}");
  private static final Pattern LABEL = Pattern.compile("\"([^\"]+)\":\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final Path dir;
  private final int port;
  private final Process process;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private PrometheusServer(Path dir, int port, Process process) {
    this.dir = dir;
    this.port = port;
    this.process = process;
  }

  /** Starts Prometheus scraping {@code 127.0.0.1:PORT/metrics} of every port in {@code targets}. */
  public static PrometheusServer start(List<Integer> targets, Duration scrapeInterval) {
    Executables.require("prometheus", "prometheus", System.getenv("PATH"));
    Path dir;
    try {
      dir = Files.createTempDirectory("prometheus-");
      Reaper.trackDir(dir);
      StringBuilder list = new StringBuilder();
      for (int t : targets) {
        list.append(list.length() == 0 ? "" : ", ").append("'127.0.0.1:").append(t).append('\'');
      }
      long ms = scrapeInterval.toMillis();
      Files.writeString(dir.resolve("prometheus.yml"), "global:\n  scrape_interval: " + ms + "ms\n"
          + "  scrape_timeout: " + ms + "ms\n"
          + "scrape_configs:\n  - job_name: ycsb\n    static_configs:\n      - targets: [" + list + "]\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int port = Ports.freePort();
    Process p;
    try {
      p = new ProcessBuilder("prometheus", "--config.file=" + dir.resolve("prometheus.yml"),
          "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
          .redirectErrorStream(true).redirectOutput(Redirect.to(dir.resolve("prometheus.log").toFile())).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start prometheus", e);
    }
    Reaper.track(p);
    PrometheusServer server = new PrometheusServer(dir, port, p);
    try {
      server.awaitReady();
      server.awaitScraping(targets.size());
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("prometheus exited during start-up; log:\n" + log());
      }
      try {
        if (get("/-/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      ServerProcess.sleep(100);
    }
    throw new IllegalStateException("prometheus not ready within " + READY_TIMEOUT.toSeconds() + " s; log:\n" + log());
  }

  /**
   * Waits until every target has been tried once ({@code up} exists for it, 0 while nothing
   * listens): Prometheus applies new targets some seconds after it starts, and a short run
   * started before would be over before its first scrape.
   */
  private void awaitScraping(int targets) {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (query("up").size() >= targets) {
        return;
      }
      ServerProcess.sleep(100);
    }
    throw new IllegalStateException("prometheus did not scrape its " + targets + " targets within "
        + READY_TIMEOUT.toSeconds() + " s; log:\n" + log());
  }

  /** The result of an instant query, each sample's labels (sorted) and value. */
  public Map<Map<String, String>, Double> query(String promql) {
    String body;
    try {
      HttpResponse<String> r = get("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
      body = r.body();
      if (r.statusCode() != 200 || !body.contains("\"status\":\"success\"")) {
        throw new IllegalStateException("query " + promql + " failed: " + body);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<Map<String, String>, Double> out = new LinkedHashMap<>();
    Matcher m = SAMPLE.matcher(body);
    while (m.find()) {
      Map<String, String> labels = new TreeMap<>();
      Matcher l = LABEL.matcher(m.group(1));
      while (l.find()) {
        labels.put(l.group(1), l.group(2));
      }
      out.put(labels, Double.parseDouble(m.group(2)));
    }
    return out;
  }

  /** The one value an instant query gives; fails if it gives none or several. */
  public double value(String promql) {
    Map<Map<String, String>, Double> r = query(promql);
    if (r.size() != 1) {
      throw new IllegalStateException("query " + promql + " gave " + r.size() + " samples: " + r);
    }
    return r.values().iterator().next();
  }

  /** Every metric name Prometheus has stored, as its API lists them. */
  public String metricNames() {
    try {
      return get("/api/v1/label/__name__/values").body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The scrape targets' health as Prometheus sees them ({@code up}), by instance. */
  public List<String> targetsUp() {
    List<String> up = new ArrayList<>();
    query("up == 1").keySet().forEach(l -> up.add(l.get("instance")));
    return up;
  }

  private HttpResponse<String> get(String path) throws IOException {
    try {
      return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
          .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** The server's log so far. */
  public String log() {
    try {
      return Files.readString(dir.resolve("prometheus.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    try {
      process.destroy();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        Reaper.kill(process);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      Reaper.kill(process);
    } finally {
      Reaper.untrack(process);
      Reaper.deleteDir(dir);
    }
  }

  /** A free loopback port, for a target to listen on. */
  public static int freePort() {
    return Ports.freePort();
  }
}
