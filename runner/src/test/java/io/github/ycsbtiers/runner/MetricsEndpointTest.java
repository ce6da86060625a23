package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;
import org.junit.jupiter.api.Test;

/**
 * The endpoint of {@code metrics.port} from the command line: a port in use stops the run before
 * any work with one line; an unknown {@code metrics.*} name too; a run with the endpoint on keeps
 * serving until one more scrape after its last operation, whose counters are the report's.
 */
class MetricsEndpointTest {
  private static final String WORKLOAD = Path.of("..", "workloads", "workloada").toString();

  @Test
  void aPortInUseEndsTheRunBeforeAnyWork() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      TestBindings.CountingInits.INITS.set(0);
      RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("-t", "-db", TestBindings.CountingInits.class.getName(),
          "-P", WORKLOAD, "-p", "recordcount=10", "-p", "operationcount=10",
          "-p", "metrics.port=" + taken.getLocalPort(), "-p", "metrics.host=127.0.0.1");
      assertEquals(2, o.status, o.err);
      List<String> errors = o.err.lines().filter(l -> l.startsWith("error:")).collect(Collectors.toList());
      assertEquals(1, errors.size(), o.err);
      assertTrue(errors.get(0).startsWith("error: invalid value '" + taken.getLocalPort()
          + "' for property 'metrics.port': allowed a free port on 127.0.0.1"), errors.get(0));
      assertFalse(o.err.contains("Starting test."), o.err);
      assertEquals(0, TestBindings.CountingInits.INITS.get());
    }
  }

  @Test
  void anUnknownMetricsPropertyIsRefused() {
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("-t", "-db", TestBindings.CountingInits.class.getName(),
        "-P", WORKLOAD, "-p", "metrics.port=0", "-p", "metrics.prot=9100");
    assertEquals(2, o.status, o.err);
    assertTrue(o.err.contains("error: unknown property 'metrics.prot'"), o.err);
  }

  /** The run waits for a scrape after its last operation; that scrape's counters are the report's. */
  @Test
  void theLastScrapeAfterTheRunHasTheReportsCounts() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    RunnerEndToEndTest.Outcome[] outcome = new RunnerEndToEndTest.Outcome[1];
    Thread run = new Thread(() -> outcome[0] = RunnerEndToEndTest.run("-t", "-db", "site.ycsb.BasicDB",
        "-P", WORKLOAD, "-p", "recordcount=100", "-p", "operationcount=3000", "-p", "basicdb.verbose=false",
        "-target", "3000", "-threads", "2", "-p", "metrics.port=" + port, "-p", "metrics.host=127.0.0.1",
        "-p", "metrics.linger=30s"));
    run.start();
    HttpClient http = HttpClient.newHttpClient();
    String last = "";
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (run.isAlive() && System.nanoTime() < deadline) {
      try {
        last = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
      } catch (IOException notYet) {
        // not bound yet, or closed after the last scrape
      }
      Thread.sleep(200);
    }
    run.join();
    assertEquals(0, outcome[0].status, outcome[0].err);
    long read = count(last, "READ");
    long update = count(last, "UPDATE");
    assertEquals(3000, read + update, last);
    assertTrue(outcome[0].out.contains("[READ], Operations, " + read + "\n"), outcome[0].out);
    assertTrue(outcome[0].out.contains("[UPDATE], Operations, " + update + "\n"), outcome[0].out);
  }

  /** A scraper that asks for protobuf gets each latency histogram as a native one too: schema 3, every operation in it. */
  @Test
  void protobufCarriesNativeHistograms() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Thread run = new Thread(() -> RunnerEndToEndTest.run("-t", "-db", "site.ycsb.BasicDB", "-P", WORKLOAD,
        "-p", "recordcount=100", "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-target", "2000",
        "-p", "metrics.port=" + port, "-p", "metrics.host=127.0.0.1", "-p", "metrics.linger=30s"));
    run.start();
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest protobuf = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
        .header("Accept", "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited")
        .build();
    Metrics.Histogram read = null;
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (run.isAlive() && System.nanoTime() < deadline) {
      try {
        HttpResponse<byte[]> r = http.send(protobuf, HttpResponse.BodyHandlers.ofByteArray());
        java.io.InputStream in = new java.io.ByteArrayInputStream(r.body());
        for (Metrics.MetricFamily f; (f = Metrics.MetricFamily.parseDelimitedFrom(in)) != null; ) {
          if (f.getName().equals("ycsb_operation_latency_seconds")) {
            for (Metrics.Metric m : f.getMetricList()) {
              if (m.getLabelList().stream().anyMatch(l -> l.getName().equals("operation") && l.getValue().equals("READ"))
                  && m.getHistogram().getSampleCount() > 0) {
                read = m.getHistogram();
              }
            }
          }
        }
      } catch (IOException notYet) {
        // not bound yet, or closed after the last scrape
      }
      Thread.sleep(200);
    }
    run.join();
    assertTrue(read != null, "no READ histogram served as protobuf");
    assertEquals(3, read.getSchema());
    long inBuckets = read.getZeroCount();
    long count = 0;
    for (long delta : read.getPositiveDeltaList()) {
      count += delta; // deltas between consecutive buckets' counts
      inBuckets += count;
    }
    assertEquals(read.getSampleCount(), inBuckets, "every operation in a native bucket");
  }

  private static long count(String scrape, String operation) {
    Matcher m = Pattern.compile("ycsb_operations_total\\{[^}]*operation=\"" + operation
        + "\",outcome=\"OK\"[^}]*warmup=\"false\"} ([0-9.]+)").matcher(scrape);
    return m.find() ? (long) Double.parseDouble(m.group(1)) : 0;
  }
}
