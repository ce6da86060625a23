package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class YcsbOutputTest {
  @Test
  void readsSectionsMetricsAndLabels() {
    YcsbOutput out = YcsbOutput.parse("Loading workload...\n[OVERALL], Throughput(ops/sec), 15785.3\n"
        + "[READ], 99thPercentileLatency(us), 28\n[TIER], Path, /dev/shm/a, b\n[READ], Return=OK, 5\n");
    assertEquals(15785.3, out.number("OVERALL", "Throughput(ops/sec)"));
    assertEquals(28.0, out.number("READ", "99thPercentileLatency(us)"));
    assertEquals("/dev/shm/a, b", out.text("TIER", "Path"));
    assertNull(out.number("TIER", "Path"));
    assertNull(out.number("UPDATE", "AverageLatency(us)"));
  }
}
