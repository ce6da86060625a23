package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.LiveFigures;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The connections' outages on the runner's live metrics endpoint, under {@code redis}:
 * {@code Outages} (begun so far; each one that ended was a reconnection) and
 * {@code OutagesEnded}, and {@code OutageOpen}, 1 while the server (or a Cluster master) cannot
 * be reached. What the [OUTAGE] section reports at the end, read while the run goes on.
 */
final class OutageFigures implements LiveFigures.Source {
  private final Outages outages;
  private final ClusterOutages cluster;

  /** @param cluster the Cluster's outages, or null for a standalone server's {@code outages} */
  OutageFigures(Outages outages, ClusterOutages cluster) {
    this.outages = outages;
    this.cluster = cluster;
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
    return Map.of("OutageOpen", open() ? 1 : 0);
  }

  private boolean open() {
    return cluster != null ? cluster.down() : outages.down();
  }
}
