package io.github.ycsbtiers.runner.metrics;

import com.sun.net.httpserver.HttpServer;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.measure.MeasurementRegistry;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP endpoint Prometheus scrapes ({@code /metrics}): bound before any work, so that a port in
 * use ends the run before it starts; shows each phase as it runs ({@link #show}); at the end waits,
 * at most {@code metrics.linger}, for one more scrape, so the scraper's last figures are the
 * report's. Scrapes are served on one thread of their own.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final MetricsOptions options;
  private final HttpServer server;
  private final ExecutorService thread;
  private final RunMetrics metrics = new RunMetrics();
  private final Object scrapes = new Object();
  /** Scrapes begun and served: one served after {@code begun} was read began after that moment. */
  private long begun;
  private long scraped;

  private MetricsEndpoint(MetricsOptions options, HttpServer server, ExecutorService thread) {
    this.options = options;
    this.server = server;
    this.thread = thread;
  }

  /**
   * Binds and starts the endpoint.
   *
   * @throws PropertyException when the address cannot be bound (a port in use, an unknown host)
   */
  public static MetricsEndpoint start(MetricsOptions options) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(options.host(), options.port()), 16);
    } catch (BindException e) {
      throw PropertyException.badValue(MetricsOptions.PORT, Integer.toString(options.port()),
          "a free port on " + options.host() + " (" + e.getMessage() + ")");
    } catch (IOException | IllegalArgumentException | SecurityException e) {
      throw PropertyException.badValue(MetricsOptions.HOST, options.host(), "an address of this host to listen on ("
          + e.getMessage() + ")");
    }
    if (((InetSocketAddress) server.getAddress()).isUnresolved()) {
      server.stop(0);
      throw PropertyException.badValue(MetricsOptions.HOST, options.host(), "an address of this host to listen on");
    }
    ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "ycsb-metrics");
      t.setDaemon(true);
      return t;
    });
    MetricsEndpoint endpoint = new MetricsEndpoint(options, server, thread);
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(endpoint.metrics);
    MetricsHandler handler = new MetricsHandler(registry);
    server.createContext("/metrics", exchange -> {
      endpoint.begun();
      try {
        handler.handle(exchange);
      } finally {
        endpoint.scraped();
      }
    });
    server.setExecutor(thread);
    server.start();
    return endpoint;
  }

  /** The port it listens on (the one chosen, for {@code metrics.port=0}). */
  public int port() {
    return server.getAddress().getPort();
  }

  /** The line the runner prints once bound. */
  public String describe() {
    return "Metrics: http://" + options.host() + ":" + port() + "/metrics (run " + options.runId() + ")";
  }

  public MetricsOptions options() {
    return options;
  }

  /** From now on scrapes see the phase that records into {@code registry}, under {@code labels}. */
  public void show(PhaseLabels labels, MeasurementRegistry registry) {
    LiveTotals totals = new LiveTotals();
    registry.showTo(totals);
    metrics.show(labels, totals);
  }

  private void begun() {
    synchronized (scrapes) {
      begun++;
    }
  }

  private void scraped() {
    synchronized (scrapes) {
      scraped++;
      scrapes.notifyAll();
    }
  }

  /**
   * Waits until a scrape that began after this call has been served, or {@code metrics.linger}
   * has passed; says on {@code err} if none came.
   */
  public void awaitLastScrape(PrintStream err) throws InterruptedException {
    if (!metrics.showing()) {
      return; // no phase ran (a dry run, a failed start): nothing to wait for
    }
    long deadline = System.nanoTime() + options.lingerNanos();
    synchronized (scrapes) {
      long needed = begun + 1; // one under way now may have read the figures before the last operation
      long left;
      while (scraped < needed && (left = deadline - System.nanoTime()) > 0) {
        TimeUnit.NANOSECONDS.timedWait(scrapes, left);
      }
      if (scraped < needed && options.lingerNanos() > 0) {
        err.println("Metrics: no scrape within " + MetricsOptions.LINGER + " ("
            + TimeUnit.NANOSECONDS.toMillis(options.lingerNanos()) + " ms) after the last operation");
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    thread.shutdownNow();
  }
}
