package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.PrometheusServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb's metrics endpoint scraped by a real Prometheus (Debian's, 1 s scrape interval): what
 * Prometheus stored equals what the reports say, exactly, for three redis clients of one run and
 * their merge, and for the embedded store; the endpoint's text passes {@code promtool check
 * metrics}, and OpenMetrics is served to a scraper that asks for it.
 */
class LiveMetricsIT {
  private static final Duration SCRAPE = Duration.ofSeconds(1);

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path results;

  @Test
  void threeRedisClientsScrapedTogetherAddUpToTheirReportsAndTheMerge() throws Exception {
    List<String> target = List.of("-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "redis.command_group=string", "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "recordcount=2000");
    List<String> load = new ArrayList<>(List.of("load", "redis", "-P", "workloads/load", "-threads", "4"));
    load.addAll(target);
    assertEquals(0, YcsbProcess.run(Clients.TIMEOUT, load).status());

    int[] ports = {PrometheusServer.freePort(), PrometheusServer.freePort(), PrometheusServer.freePort()};
    try (PrometheusServer prometheus = PrometheusServer.start(List.of(ports[0], ports[1], ports[2]), SCRAPE)) {
      List<CompletableFuture<YcsbProcess.Result>> clients = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        List<String> run = new ArrayList<>(List.of("run", "redis", "-P", "workloads/workloada", "-threads", "4",
            "-target", "1500", "-p", "operationcount=6000", "-p", "measurement.interval=both", "-p", "warmuptime=1",
            "-p", "client.count=3", "-p", "client.index=" + i, "-p", "hdrhistogram.fileoutput=true",
            "-p", "hdrhistogram.output.path=" + Clients.dir(results, i) + "/",
            "-p", "metrics.port=" + ports[i], "-p", "metrics.host=127.0.0.1", "-p", "metrics.run=three",
            "-p", "metrics.labels=suite=it"));
        run.addAll(target);
        clients.add(CompletableFuture.supplyAsync(() -> YcsbProcess.run(Clients.TIMEOUT, run)));
      }
      String text = scrapeWhileRunning(ports[0], "text/plain", clients.get(0));
      String openMetrics = scrapeWhileRunning(ports[0], "application/openmetrics-text; version=1.0.0",
          clients.get(0));
      List<YcsbProcess.Result> reports = new ArrayList<>();
      for (CompletableFuture<YcsbProcess.Result> c : clients) {
        YcsbProcess.Result r = c.join();
        assertEquals(0, r.status(), r.err());
        reports.add(r);
      }
      assertTrue(reports.get(0).err().contains("Metrics: http://127.0.0.1:" + ports[0] + "/metrics (run three)"),
          reports.get(0).err());
      promtoolAccepts(text);
      assertTrue(openMetrics.endsWith("# EOF\n"), openMetrics);
      assertTrue(openMetrics.contains("ycsb_operations_total{"), openMetrics);

      String measured = "run=\"three\",warmup=\"false\"";
      for (int i = 0; i < 3; i++) {
        YcsbProcess.Result r = reports.get(i);
        String mine = measured + ",client=\"" + i + "\"";
        awaitEqual(r.count("READ", "Operations") + r.count("UPDATE", "Operations"),
            () -> prometheus.value("sum(last_over_time(ycsb_operations_total{" + mine + "}[10m]))"), "client " + i);
        for (String op : List.of("READ", "UPDATE")) {
          String sel = mine + ",operation=\"" + op + "\"";
          assertEquals(r.count(op, "Operations"),
              prometheus.value("last_over_time(ycsb_operation_latency_seconds_count{" + sel + "}[10m])"), op);
          assertInBucketOf(r.count(op, "99thPercentileLatency(us)"), prometheus.value("histogram_quantile(0.99, "
              + "last_over_time(ycsb_operation_latency_seconds_bucket{" + sel + "}[10m]))"), op);
          assertInBucketOf(r.count("Intended-" + op, "99thPercentileLatency(us)"), prometheus.value(
              "histogram_quantile(0.99, last_over_time(ycsb_operation_intended_latency_seconds_bucket{" + sel
                  + "}[10m]))"), "Intended-" + op);
        }
      }
      // the warm-up is counted apart, and the user's label is on every series
      assertTrue(prometheus.value("sum(last_over_time(ycsb_operations_total{run=\"three\",warmup=\"true\"}[10m]))")
          > 0);
      assertEquals(0, prometheus.query("last_over_time(ycsb_operations_total{run=\"three\",suite!=\"it\"}[10m])")
          .size());

      // the dashboard names only what a run exports (the store's figures: the embedded store's test)
      String stored = prometheus.metricNames();
      for (String name : GrafanaDashboard.metricNames()) {
        assertTrue(name.startsWith("ycsb_tier_") || stored.contains("\"" + name + "\""), name + " in " + stored);
      }

      YcsbProcess.Result merged = Clients.merge(results, 3);
      assertEquals(0, merged.status(), merged.err());
      Map<Map<String, String>, Double> byOperation = prometheus.query(
          "sum by (operation) (last_over_time(ycsb_operations_total{" + measured + "}[10m]))");
      assertEquals(2, byOperation.size(), byOperation.toString());
      byOperation.forEach((labels, total) -> assertEquals(merged.count(labels.get("operation"), "Operations"),
          total, labels.toString()));
    }
  }

  @Test
  void theEmbeddedStoresRunIsScrapedWithItsTierCounters() throws Exception {
    int port = PrometheusServer.freePort();
    List<String> store = List.of("-p", "tiered.medium=pmem", "-p", "tiered.path=" + results.resolve("store"),
        "-p", "tiered.ratio=1:4", "-p", "recordcount=4000", "-p", "fieldcount=1", "-p", "fieldlength=100");
    List<String> load = new ArrayList<>(List.of("load", "tiered", "-P", "workloads/load", "-threads", "2"));
    load.addAll(store);
    assertEquals(0, YcsbProcess.run(Clients.TIMEOUT, load).status());
    try (PrometheusServer prometheus = PrometheusServer.start(List.of(port), SCRAPE)) {
      List<String> run = new ArrayList<>(List.of("run", "tiered", "-P", "workloads/uniform-read", "-threads", "2",
          "-target", "4000", "-p", "operationcount=12000", "-p", "metrics.port=" + port,
          "-p", "metrics.host=127.0.0.1", "-p", "metrics.run=tiered"));
      run.addAll(store);
      YcsbProcess.Result r = YcsbProcess.run(Clients.TIMEOUT, run);
      assertEquals(0, r.status(), r.err());
      String sel = "run=\"tiered\",warmup=\"false\"";
      awaitEqual(r.count("READ", "Operations"),
          () -> prometheus.value("sum(last_over_time(ycsb_operations_total{" + sel + "}[10m]))"), "tiered");
      assertEquals(r.count("READ", "Operations"), prometheus.value(
          "last_over_time(ycsb_operation_latency_seconds_count{" + sel + ",operation=\"READ\"}[10m])"));
      assertInBucketOf(r.count("READ", "99thPercentileLatency(us)"), prometheus.value("histogram_quantile(0.99, "
          + "last_over_time(ycsb_operation_latency_seconds_bucket{" + sel + ",operation=\"READ\"}[10m]))"), "READ");
      // the store's own counters, read while it ran
      assertTrue(prometheus.value("count_over_time(ycsb_client_cpu_seconds_total{run=\"tiered\"}[10m])") >= 2,
          r.err());
      String stored = prometheus.metricNames();
      for (String name : GrafanaDashboard.metricNames()) {
        assertTrue(!name.startsWith("ycsb_tier_") || stored.contains("\"" + name + "\""), name + " in " + stored);
      }
      double hits = prometheus.value("max_over_time(ycsb_tier_dram_hits_total{run=\"tiered\"}[10m])");
      double misses = prometheus.value("max_over_time(ycsb_tier_dram_misses_total{run=\"tiered\"}[10m])");
      assertTrue(hits > 0 && misses > 0, "hits " + hits + ", misses " + misses);
      assertTrue(hits + misses <= r.count("READ", "Operations"), "hits " + hits + ", misses " + misses);
    }
  }

  /** Polls the endpoint until it serves operations (the run is under way), as a scraper asking for {@code accept}. */
  private static String scrapeWhileRunning(int port, String accept, CompletableFuture<YcsbProcess.Result> run)
      throws IOException, InterruptedException {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < deadline && !run.isDone()) {
      try {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
            .header("Accept", accept).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200 && r.body().contains("ycsb_operations_total{")) {
          return r.body();
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the endpoint on " + port + " served no operations while the run ran");
  }

  private void promtoolAccepts(String text) throws IOException, InterruptedException {
    Path file = results.resolve("scrape.txt");
    Files.writeString(file, text);
    Process p = new ProcessBuilder("promtool", "check", "metrics").redirectInput(file.toFile())
        .redirectErrorStream(true).start();
    String said = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), "promtool check metrics: " + said);
  }

  /** Prometheus stores a scrape once it is parsed: the last one may land a moment after the client exits. */
  private static void awaitEqual(long expected, DoubleSupplier stored, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    double last = stored.getAsDouble();
    while (last != expected && System.nanoTime() < deadline) {
      Thread.sleep(200);
      last = stored.getAsDouble();
    }
    assertEquals(expected, last, what + ": operations stored by Prometheus against the report");
  }

  /**
   * {@code quantileSeconds} (Prometheus's histogram_quantile) lies in the classic bucket that holds
   * the report's percentile: buckets end at 2^(k/4) us.
   */
  private static void assertInBucketOf(long reportMicros, double quantileSeconds, String what) {
    double upperK = Math.ceil(4 * Math.log(Math.max(1, reportMicros)) / Math.log(2) - 1e-9);
    double upper = Math.pow(2, upperK / 4);
    double lower = upperK == 0 ? 0 : Math.pow(2, (upperK - 1) / 4);
    double q = quantileSeconds * 1e6;
    assertTrue(q > lower * (1 - 1e-9) && q <= upper * (1 + 1e-9), what + ": the report's p99 " + reportMicros
        + " us is in (" + lower + ", " + upper + "] us, Prometheus's histogram_quantile(0.99) is " + q + " us");
  }
}
