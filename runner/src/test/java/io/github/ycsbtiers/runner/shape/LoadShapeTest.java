package io.github.ycsbtiers.runner.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.ResultSection;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadShapeTest {
  @Test
  void statesConnectionsAndOperationsInFlightOnEach() {
    assertEquals("Shape: 32 logical clients on 32 connections per server, 1 operation in flight per connection, "
        + "runner.engine=async on 2 threads", new LoadShape("async", 32, 2, 32).describe());
    assertEquals("Shape: 32 logical clients on 4 connections per server, 8 operations in flight per connection, "
        + "runner.engine=async on 2 threads", new LoadShape("async", 32, 2, 4).describe());
    assertEquals("Shape: 10 logical clients on 4 connections per server, 2.50 operations in flight per connection, "
        + "runner.engine=async on 1 thread", new LoadShape("async", 10, 1, 4).describe());
    assertEquals("Shape: 8 logical clients on 8 connections per server, 1 operation in flight per connection, "
        + "runner.engine=sync, one thread per client", new LoadShape("sync", 8, 8, 8).describe());
    assertEquals("Shape: 1 logical client, 1 operation in flight each, runner.engine=sync, one thread per client "
        + "(the binding opens no network connections it reports)", new LoadShape("sync", 1, 1, 0).describe());
  }

  @Test
  void sectionHoldsTheShapeAndTheCost() {
    ClientCost cost = new ClientCost(new LoadShape("async", 32, 2, 32), 8_000_000_000L, 10_000, 1_000_000, 2);
    Map<String, Object> v = cost.section().values();
    assertEquals("async", v.get("Engine"));
    assertEquals(32L, v.get("LogicalClients"));
    assertEquals(32L, v.get("ConnectionsPerServer"));
    assertEquals(1.0, v.get("InFlightPerConnection"));
    assertEquals(8000L, v.get("CpuTime(ms)"));
    assertEquals(8.0, v.get("CpuPerOperation(us)"));
    assertEquals(0.8, v.get("CoresUsed"));
    assertEquals(2L, v.get("CoresAvailable"));
    assertNull(cost.warning(), "0.8 of 2 cores is not CPU-bound");
  }

  @Test
  void warnsAboveFourFifthsOfTheCores() {
    ClientCost busy = new ClientCost(new LoadShape("sync", 4, 4, 0), 17_000_000_000L, 10_000, 100, 2);
    assertTrue(busy.warning().startsWith("warning: the client process used 1.70 of its 2 cores (85%)"),
        busy.warning());
    assertNull(new ClientCost(new LoadShape("sync", 4, 4, 0), 16_000_000_000L, 10_000, 100, 2).warning());
    ResultSection unknown = new ClientCost(new LoadShape("sync", 4, 4, 0), -1, 10_000, 100, 2).section();
    assertNull(unknown.values().get("CpuTime(ms)"));
    assertNull(new ClientCost(new LoadShape("sync", 4, 4, 0), -1, 10_000, 100, 2).warning());
  }
}
