package io.github.ycsbtiers.runner.metrics;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The {@code metrics.*} properties: off unless {@code metrics.port} is set.
 *
 * @param port where the endpoint listens; 0 for any free port (said on stderr); -1 for off
 * @param host the address it binds, default every interface (a scraper is usually elsewhere)
 * @param runId the {@code run} label: one value shared by the clients of one run
 * @param labels the user's own labels, added to every series
 * @param lingerNanos how long, at most, the process waits after its last operation for one more
 *     scrape, so that the scraper's last figures are the report's
 */
public record MetricsOptions(int port, String host, String runId, Map<String, String> labels, long lingerNanos) {
  public static final String PORT = "metrics.port";
  public static final String HOST = "metrics.host";
  public static final String RUN = "metrics.run";
  public static final String LABELS = "metrics.labels";
  public static final String LINGER = "metrics.linger";
  public static final String DEFAULT_HOST = "0.0.0.0";
  public static final long DEFAULT_LINGER_SECONDS = 15;
  /** Labels the endpoint sets itself; a user's label may not take their names. */
  static final Set<String> OWN_LABELS = Set.of("run", "client", "binding", "phase", "warmup", "operation",
      "outcome", "le", "quantile", "job", "instance");
  private static final List<String> NAMES = List.of(PORT, HOST, RUN, LABELS, LINGER);
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  /** No endpoint. */
  public static final MetricsOptions OFF = new MetricsOptions(-1, DEFAULT_HOST, "", Map.of(), 0);

  public boolean enabled() {
    return port >= 0;
  }

  /**
   * Reads the {@code metrics.*} properties.
   *
   * @throws PropertyException for an unknown {@code metrics.*} name or a malformed value
   */
  public static MetricsOptions fromProperties(Properties props) {
    List<String> unknown = new ArrayList<>();
    for (String name : props.stringPropertyNames()) {
      if (name.startsWith("metrics.") && !NAMES.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw PropertyException.unknownNames(unknown, "the metrics endpoint's " + String.join(", ", NAMES));
    }
    PropertyReader r = PropertyReader.blankAsUnset(props);
    if (!r.isSet(PORT)) {
      for (String name : NAMES) {
        if (r.isSet(name)) {
          throw PropertyException.badValue(name, props.getProperty(name), "only with " + PORT + " set");
        }
      }
      return OFF;
    }
    int port = r.intValue(PORT, 0, 0, 65_535);
    String host = r.string(HOST, DEFAULT_HOST);
    String run = r.string(RUN, ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")));
    long linger = r.duration(LINGER, TimeUnit.SECONDS.toNanos(DEFAULT_LINGER_SECONDS), TimeUnit.SECONDS,
        TimeUnit.NANOSECONDS, 0, TimeUnit.HOURS.toNanos(1));
    return new MetricsOptions(port, host, run, labels(r.string(LABELS, "")), linger);
  }

  /** {@code name=value,name=value}: Prometheus label names, none of the endpoint's own, each once. */
  static Map<String, String> labels(String raw) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (raw.isBlank()) {
      return labels;
    }
    String allowed = "name=value pairs separated by commas, each name a Prometheus label name "
        + "([a-zA-Z_][a-zA-Z0-9_]*, not starting with __) given once and none of " + String.join(", ",
        new java.util.TreeSet<>(OWN_LABELS));
    for (String pair : raw.split(",", -1)) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? "" : pair.substring(0, eq).trim();
      if (eq < 0 || !LABEL_NAME.matcher(name).matches() || name.startsWith("__") || OWN_LABELS.contains(name)
          || labels.containsKey(name)) {
        throw PropertyException.badValue(LABELS, raw, allowed + " ('" + pair.trim() + "' is not)");
      }
      labels.put(name, pair.substring(eq + 1).trim());
    }
    return labels;
  }
}
