package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.UpstreamYcsb;
import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.binding.TieredClient;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar under upstream YCSB 0.17's own {@code site.ycsb.Client}: the binding is a plain
 * {@code DB} there, each client thread running its operations in the store (no loops, no
 * {@code [STORE-WAIT]}), its tier sections reported through upstream's measurements, and with more
 * threads than cores the closing line that the tail may include the scheduler's time slices.
 */
class UpstreamClientIT {
  private Path dir;

  @AfterEach
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  @Test
  void upstreamClientRunsTheBindingSynchronously() throws Exception {
    dir = StoreDirs.create(Medium.PMEM);
    UpstreamYcsb upstream = UpstreamYcsb.withShadedJar();
    String threads = Integer.toString(Runtime.getRuntime().availableProcessors() + 2);
    String load = run(upstream, "-load", threads);
    assertTrue(load.contains("[INSERT], Return=OK, 500"), load);
    String run = run(upstream, "-t", threads);
    assertTrue(run.contains("[READ], Return=OK, 2000"), run);
    assertTrue(run.contains("[READ-DRAM], Operations"), run);
    assertFalse(run.contains("[STORE-WAIT]"), run);
    assertTrue(run.contains("tiered: store operations ran on " + threads + " calling threads on "
        + Runtime.getRuntime().availableProcessors() + " cores"), run);
  }

  private String run(UpstreamYcsb upstream, String phase, String threads) throws Exception {
    return upstream.run(List.of("--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens",
        "java.base/sun.nio.ch=ALL-UNNAMED"), List.of(phase, "-db", TieredClient.class.getName(),
        "-P", YcsbProcess.projectRoot().resolve("workloads/workloadc").toString(),
        "-p", "tiered.medium=pmem", "-p", "tiered.path=" + dir, "-p", "recordcount=500",
        "-p", "operationcount=2000", "-p", "fieldcount=1", "-threads", threads), Duration.ofSeconds(90));
  }
}
