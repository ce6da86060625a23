package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code --metrics-port PORT}: every bin/ycsb client the suite starts serves live metrics for
 * Prometheus (the runner's {@code metrics.*} properties), client i of a phase with
 * {@code --clients N} on PORT + i; every series labelled with the run (the results directory's
 * name), the scenario, the target and the phase.
 */
public final class MetricsOption {
  static final String USAGE = "  --metrics-port PORT  every client serves live metrics for Prometheus on PORT (with --clients N:"
      + " PORT to PORT+N-1), labelled with the run, scenario, target and phase (see docs/runner.md, Live metrics)";
  private static final int MAX_PORT = 65_535;
  private int port = -1;

  boolean take(String option, String value) {
    if (!option.equals("--metrics-port")) {
      return false;
    }
    port = (int) Values.positive(option, value, MAX_PORT);
    return true;
  }

  /** Refuses ports past 65535 for the last of {@code clients} clients. */
  void finish(int clients) {
    if (port > 0 && port + clients - 1 > MAX_PORT) {
      throw UsageException.badValue("--metrics-port", Integer.toString(port), "a port that leaves room for "
          + clients + " clients below " + (MAX_PORT + 1));
    }
  }

  public boolean enabled() {
    return port > 0;
  }

  public int port() {
    return port;
  }

  /**
   * The properties that turn a phase's endpoint on; the labels' values lose commas and the
   * characters Prometheus label values may not hold in the runner's list.
   */
  public List<String> properties(String run, Map<String, String> labels) {
    List<String> p = new ArrayList<>(List.of("-p", "metrics.port=" + port, "-p", "metrics.run=" + run));
    StringBuilder list = new StringBuilder();
    labels.forEach((k, v) -> list.append(list.length() == 0 ? "" : ",").append(k).append('=')
        .append(v.replace(',', ';')));
    if (list.length() > 0) {
      p.addAll(List.of("-p", "metrics.labels=" + list));
    }
    return p;
  }

  /** The summary's note on where the clients served their metrics. */
  public String note(String run, int clients) {
    return String.format("live metrics: every client served Prometheus metrics on port %s (metrics.port) while it ran,"
        + " labelled run=%s and with its scenario, target and phase; each waited up to metrics.linger (15 s) after"
        + " its last operation for one more scrape", clients > 1 ? port + "-" + (port + clients - 1) : port, run);
  }
}
