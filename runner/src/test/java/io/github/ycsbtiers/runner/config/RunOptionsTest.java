package io.github.ycsbtiers.runner.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class RunOptionsTest {
  private static RunOptions options(String... keyValues) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return RunOptions.fromProperties(p);
  }

  @Test
  void loadCountsFollowTheWorkloadsDefaults() {
    assertEquals(Integer.MAX_VALUE, options("dotransactions", "false").operationCount(),
        "no recordcount means 2^31-1 records, not an endless load");
    assertEquals(10_000, options("dotransactions", "false", "recordcount", "5120000000",
        "insertstart", "5119990000").operationCount());
    assertEquals(42, options("dotransactions", "false", "recordcount", "5120000000", "insertcount", "42")
        .operationCount());
  }

  @Test
  void runCountsAre64Bit() {
    assertEquals(3_000_000_000L, options("operationcount", "3000000000").operationCount());
    assertEquals(0, options().operationCount(), "no operationcount: until maxexecutiontime");
  }

  @Test
  void badValuesNameTheProperty() {
    PropertyException e = assertThrows(PropertyException.class, () -> options("operationcount", "lots"));
    assertEquals("invalid value 'lots' for property 'operationcount': allowed a whole number >= 0", e.getMessage());
    e = assertThrows(PropertyException.class, () -> options("status", "yes"));
    assertTrue(e.getMessage().contains("'status'") && e.getMessage().contains("true or false"), e.getMessage());
  }

  @Test
  void timesTakeAUnitAndCountsTakeSeparators() {
    RunOptions o = options("maxexecutiontime", "2m", "minexecutiontime", "90s", "status.interval", "30s",
        "timeline.interval", "100ms", "warmuptime", "1m", "operationcount", "5_120_000_000");
    assertEquals(120, o.maxExecutionSeconds());
    assertEquals(90, o.minExecutionSeconds());
    assertEquals(30, o.statusIntervalSeconds());
    assertEquals(100_000_000L, o.timeline().intervalNanos());
    assertEquals(60, o.warmup().seconds());
    assertEquals(5_120_000_000L, o.operationCount());
    assertEquals(10, options().statusIntervalSeconds(), "a bare number is in the property's unit");
    assertEquals(500_000_000L, options("timeline.interval", "0.5").timeline().intervalNanos());
    PropertyException e = assertThrows(PropertyException.class, () -> options("status.interval", "1500ms"));
    assertEquals("invalid value '1500ms' for property 'status.interval': allowed a whole number of seconds from 1"
        + " to 86400, or a number with ms, s, m or h such as 30s or 2m", e.getMessage());
  }

  @Test
  void labelKeepsItsSpaces() {
    assertEquals(" run 1 ", options("label", " run 1 ").label());
  }
}
