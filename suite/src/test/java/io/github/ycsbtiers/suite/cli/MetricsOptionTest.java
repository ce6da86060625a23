package io.github.ycsbtiers.suite.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.suite.input.UsageException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --metrics-port}: the properties every client gets, and the ports several clients need. */
class MetricsOptionTest {
  @Test
  void offUnlessGiven() {
    assertFalse(new MetricsOption().enabled());
  }

  @Test
  void everyClientGetsThePortTheRunAndItsLabels() {
    MetricsOption m = new MetricsOption();
    assertTrue(m.take("--metrics-port", "9464"));
    assertFalse(m.take("--threads", "8"));
    m.finish(1);
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("scenario", "tier-ratio");
    labels.put("target", "tair");
    labels.put("step", "03-7:1,uniform-read");
    assertEquals(List.of("-p", "metrics.port=9464", "-p", "metrics.run=tier-ratio-20261128", "-p",
        "metrics.labels=scenario=tier-ratio,target=tair,step=03-7:1;uniform-read"),
        m.properties("tier-ratio-20261128", labels), "a comma in a value would split the runner's list");
    assertTrue(m.note("tier-ratio-20261128", 3).contains("port 9464-9466"), m.note("r", 3));
  }

  @Test
  void severalClientsNeedRoomForTheirPorts() {
    MetricsOption m = new MetricsOption();
    m.take("--metrics-port", "65534");
    UsageException e = assertThrows(UsageException.class, () -> m.finish(3));
    assertTrue(e.getMessage().contains("--metrics-port"), e.getMessage());
    m.finish(2);
  }
}
