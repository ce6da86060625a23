package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each client of a phase gets its share of the operations, its own directory and its own metrics port. */
class ClientGroupTest {
  @Test
  void clientICommandHasItsShareItsDirectoryAndPortPlusI() {
    ClientGroup group = new ClientGroup(Path.of("/repo"), 3, Path.of("/out/raw/t/01-load"));
    List<String> phase = List.of("bin/ycsb", "run", "redis", "-p", "operationcount=10", "-p", "metrics.port=9464",
        "-p", "hdrhistogram.output.path=/out/raw/t/01-load-");
    List<String> second = group.clientCommand(phase, 1);
    assertTrue(second.contains("operationcount=3"), second.toString());
    assertTrue(second.contains("metrics.port=9465"), second.toString());
    assertTrue(second.contains("hdrhistogram.output.path=/out/raw/t/01-load-c1/"), second.toString());
    assertEquals(List.of("-p", "client.count=3", "-p", "client.index=1"), second.subList(second.size() - 4,
        second.size()));
    assertTrue(group.clientCommand(phase, 0).contains("metrics.port=9464"));
    assertTrue(group.clientCommand(phase, 0).contains("operationcount=4"), "the first takes the remainder");
  }
}
