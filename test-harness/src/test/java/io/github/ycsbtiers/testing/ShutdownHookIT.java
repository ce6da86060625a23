package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A JVM that exits without closing its fixture must not leave redis-server or its dir behind. */
class ShutdownHookIT {

  @Test
  void jvmExitStopsAnUnclosedServer() {
    String java = ProcessHandle.current().info().command().orElse("java");
    CliResult child = Exec.run(List.of(java, "-cp", System.getProperty("java.class.path"),
        AbandonedServer.class.getName()), null, Duration.ofSeconds(30));
    assertEquals(0, child.status(), child.output());
    String[] pidAndDir = child.out().strip().split(" ", 2);
    long pid = Long.parseLong(pidAndDir[0]);
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "redis-server " + pid + " survived");
    assertFalse(Files.exists(Path.of(pidAndDir[1])), "its dir survived");
  }
}
