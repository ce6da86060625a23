package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.LiveFigures;
import io.github.ycsbtiers.api.TimelineSources;
import io.github.ycsbtiers.redis.topology.EndpointStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Each endpoint's figures (what its {@code [ENDPOINT-host:port]} section reports at the end) while
 * the run goes on, when reads go to replicas: on the live metrics endpoint as {@code
 * ycsb_redis_endpoint_*_total} series labelled with the address and role, and in each timeline row
 * under {@code redis_endpoint} as {@code host:port.operations}, {@code .reads}, {@code .errors} and
 * {@code .latency_us} (summed, so that clients' rows add up; divide by operations for the average)
 * over the row's interval. Read off the hot path, from the endpoints' own counters.
 */
final class EndpointFigures implements LiveFigures.Source, TimelineSources.Source {
  private final Supplier<List<EndpointStats>> endpoints;
  /** Each endpoint's totals at the previous timeline row, by address. */
  private final Map<String, long[]> previous = new HashMap<>();

  EndpointFigures(Supplier<List<EndpointStats>> endpoints) {
    this.endpoints = endpoints;
  }

  @Override
  public String name() {
    return "redis_endpoint";
  }

  @Override
  public Map<String, Number> counters() {
    return Map.of();
  }

  @Override
  public Map<String, Number> gauges() {
    return Map.of();
  }

  @Override
  public List<LiveFigures.Series> partCounters() {
    List<LiveFigures.Series> out = new ArrayList<>();
    for (EndpointStats e : endpoints.get()) {
      Map<String, String> labels = Map.of("address", e.address(), "role", e.role());
      out.add(new LiveFigures.Series("Operations", labels, e.operations()));
      out.add(new LiveFigures.Series("Reads", labels, e.reads()));
      out.add(new LiveFigures.Series("Errors", labels, e.errors()));
      out.add(new LiveFigures.Series("LatencySeconds", labels, e.latencyNanos() / 1e9));
    }
    return out;
  }

  @Override
  public synchronized Map<String, Number> interval() {
    Map<String, Number> out = new LinkedHashMap<>();
    for (EndpointStats e : endpoints.get()) {
      long[] now = {e.operations(), e.reads(), e.errors(), e.latencyNanos()};
      long[] was = previous.getOrDefault(e.address(), new long[4]);
      previous.put(e.address(), now);
      out.put(e.address() + ".operations", now[0] - was[0]);
      out.put(e.address() + ".reads", now[1] - was[1]);
      out.put(e.address() + ".errors", now[2] - was[2]);
      out.put(e.address() + ".latency_us", (now[3] - was[3]) / 1000);
    }
    return out;
  }

  /** Registers with the metrics endpoint and the timeline. */
  EndpointFigures register() {
    LiveFigures.register(this);
    TimelineSources.register(this);
    return this;
  }

  void unregister() {
    LiveFigures.unregister(this);
    TimelineSources.retire(this);
  }
}
