package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutablesTest {

  @Test
  void missingRedisServerFailsWithTheRemedy(@TempDir Path emptyDir) {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Executables.require("redis-server", "redis-server", emptyDir.toString()));
    assertEquals("redis-server not found on PATH: run ./bin/test, which installs Debian's redis-server",
        e.getMessage());
  }

  @Test
  void missingPathFailsToo() {
    assertThrows(IllegalStateException.class, () -> Executables.require("redis-cli", "redis-server", null));
  }
}
