package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard parses, every panel queries Prometheus for the selected runs, and names
 * metrics of this project only ({@code LiveMetricsIT} checks that a real scrape exports each).
 */
class GrafanaDashboardTest {
  @Test
  void everyPanelQueriesTheSelectedRunsMetrics() throws Exception {
    JsonNode dashboard = GrafanaDashboard.read();
    assertEquals("ycsb-tiers-run", dashboard.path("uid").asText());
    assertTrue(dashboard.path("panels").size() >= 8, "panels: " + dashboard.path("panels").size());
    List<String> exprs = GrafanaDashboard.expressions();
    assertEquals(dashboard.path("panels").findValues("targets").stream().mapToInt(JsonNode::size).sum(), exprs.size());
    for (String e : exprs) {
      assertTrue(e.contains("run=~\"$run\""), "queries the selected runs: " + e);
      assertFalse(GrafanaDashboard.metricNames().isEmpty());
    }
    for (String name : GrafanaDashboard.metricNames()) {
      assertTrue(name.startsWith("ycsb_"), name);
    }
    boolean runVariable = false;
    for (JsonNode v : dashboard.path("templating").path("list")) {
      runVariable |= v.path("name").asText().equals("run")
          && v.path("query").asText().equals("label_values(ycsb_operations_total, run)");
    }
    assertTrue(runVariable, "a run variable over the runs Prometheus has");
  }
}
