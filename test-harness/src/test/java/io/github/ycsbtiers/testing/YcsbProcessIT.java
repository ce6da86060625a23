package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class YcsbProcessIT {

  @Test
  void findsTheProjectRoot() {
    assertTrue(Files.isRegularFile(YcsbProcess.projectRoot().resolve("bin/ycsb")));
  }

  @Test
  void runsALoadAndReadsItsMetrics() {
    YcsbProcess.Result result = YcsbProcess.run(Duration.ofSeconds(60), List.of(
        "load", "basic", "-P", "workloads/workloada", "-p", "recordcount=25", "-p", "basicdb.verbose=false"));
    assertEquals(0, result.status(), result.err());
    assertEquals("25", result.metric("INSERT", "Return=OK"));
    assertEquals(25, result.count("INSERT", "Operations"));
    assertNull(result.metric("READ", "Return=OK"));
    assertEquals(0, result.count("READ", "Return=OK"));
    assertTrue(result.millis() > 0);
  }

  @Test
  void reportsAFailingRun() {
    YcsbProcess.Result result = YcsbProcess.run(Duration.ofSeconds(60), List.of("load", "no-such-binding"));
    assertNotEquals(0, result.status());
    assertTrue(!result.err().isBlank(), "a failed run explains itself on stderr");
  }
}
