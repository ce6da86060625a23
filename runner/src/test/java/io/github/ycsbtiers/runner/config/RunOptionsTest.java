package io.github.ycsbtiers.runner.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    ConfigException e = assertThrows(ConfigException.class, () -> options("operationcount", "lots"));
    assertEquals("invalid value 'lots' for property 'operationcount': allowed a whole number >= 0", e.getMessage());
    e = assertThrows(ConfigException.class, () -> options("status", "yes"));
    assertTrue(e.getMessage().contains("'status'") && e.getMessage().contains("true or false"), e.getMessage());
  }

  @Test
  void labelKeepsItsSpaces() {
    assertEquals(" run 1 ", options("label", " run 1 ").label());
  }
}
