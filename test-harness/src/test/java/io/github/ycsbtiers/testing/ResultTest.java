package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ResultTest {
  private static final String OUT = String.join("\n",
      "[OVERALL], RunTime(ms), 1234",
      "[OVERALL], Throughput(ops/sec), 810.372771474878",
      "[READ], Operations, 500",
      "[READ], Return=OK, 498",
      "[READ], Return=NOT_FOUND, 2",
      "[READ-FAILED], Operations, 7",
      "");

  @Test
  void findsMetricsBySectionAndName() {
    YcsbProcess.Result result = new YcsbProcess.Result(0, OUT, "", 1);
    assertEquals("498", result.metric("READ", "Return=OK"));
    assertEquals(2, result.count("READ", "Return=NOT_FOUND"));
    assertEquals(7, result.count("READ-FAILED", "Operations"));
    assertEquals(810, result.count("OVERALL", "Throughput(ops/sec)"));
    assertNull(result.metric("UPDATE", "Operations"));
    assertEquals(0, result.count("UPDATE", "Operations"));
  }

  @Test
  void fallsBackToStderr() {
    YcsbProcess.Result result = new YcsbProcess.Result(0, "", "[INSERT], Return=OK, 10\n", 1);
    assertEquals(10, result.count("INSERT", "Return=OK"));
  }

  @Test
  void parsesCommandStats() {
    String info = "# Commandstats\r\ncmdstat_SET:calls=1000,usec=7,usec_per_call=7.00,rejected_calls=0,failed_calls=0\r\n"
        + "cmdstat_client|kill:calls=3,usec=1,usec_per_call=0.33,rejected_calls=0,failed_calls=0\r\n";
    java.util.Map<String, Long> calls = CommandStats.parse(info);
    assertEquals(1000L, calls.get("set"));
    assertEquals(3L, calls.get("client|kill"));
  }
}
