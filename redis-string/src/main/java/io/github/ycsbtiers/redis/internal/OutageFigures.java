package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.LiveFigures;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The connections on the runner's live metrics endpoint, under {@code redis}: {@code Outages}
 * (begun so far; each one that ended was a reconnection) and {@code OutagesEnded};
 * {@code OutageOpen}, 1 while the server (or a Cluster master) cannot be reached (what the
 * [OUTAGE] section reports at the end, read while the run goes on); {@code ConnectionsOpen}, the
 * connections up now.
 */
final class OutageFigures implements LiveFigures.Source {
  private final Outages outages;
  private final ClusterOutages cluster;
  private final java.util.function.IntSupplier connections;

  /**
   * @param cluster the Cluster's outages, or null for a standalone server's {@code outages}
   * @param connections the connections up now
   */
  OutageFigures(Outages outages, ClusterOutages cluster, java.util.function.IntSupplier connections) {
    this.outages = outages;
    this.cluster = cluster;
    this.connections = connections;
  }

  @Override
  public String name() {
    return "redis";
  }

  @Override
  public Map<String, Number> counters() {
    Map<String, Number> out = new LinkedHashMap<>();
    int begun = cluster != null ? cluster.count() : outages.count();
    boolean open = open();
    out.put("Outages", begun);
    out.put("OutagesEnded", open ? begun - 1 : begun);
    return out;
  }

  @Override
  public Map<String, Number> gauges() {
    int up;
    try {
      up = connections.getAsInt();
    } catch (RuntimeException e) {
      return Map.of("OutageOpen", open() ? 1 : 0); // a client closing under the scrape
    }
    return Map.of("OutageOpen", open() ? 1 : 0, "ConnectionsOpen", up);
  }

  private boolean open() {
    return cluster != null ? cluster.down() : outages.down();
  }
}
