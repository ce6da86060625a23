package io.github.ycsbtiers.runner.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.api.LiveFigures;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A binding's counters per part (each endpoint): one counter per name, one series per part, its labels beside the run's. */
class PartCountersTest {
  @Test
  void eachPartIsASeriesOfOneCounter() {
    LiveFigures.Source endpoints = new LiveFigures.Source() {
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
        return List.of(new LiveFigures.Series("Operations", Map.of("address", "h:1", "role", "primary"), 5),
            new LiveFigures.Series("Operations", Map.of("address", "h:2", "role", "replica"), 7),
            new LiveFigures.Series("LatencySeconds", Map.of("address", "h:2", "role", "replica"), 0.25));
      }
    };
    List<MetricSnapshot> out = new ArrayList<>();
    RunMetrics.figures(endpoints, Labels.of("run", "r1"), out);
    assertEquals(2, out.size());
    CounterSnapshot ops = (CounterSnapshot) out.get(0);
    assertEquals("ycsb_redis_endpoint_operations", ops.getMetadata().getName());
    assertEquals(2, ops.getDataPoints().size());
    CounterSnapshot.CounterDataPointSnapshot replica = ops.getDataPoints().get(1);
    assertEquals(7.0, replica.getValue());
    assertEquals(Labels.of("address", "h:2", "role", "replica", "run", "r1"), replica.getLabels());
    assertEquals("ycsb_redis_endpoint_latency_seconds", out.get(1).getMetadata().getName());
  }
}
