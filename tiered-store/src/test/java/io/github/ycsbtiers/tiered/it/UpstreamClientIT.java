package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.binding.TieredClient;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
    String classPath = upstreamCore() + File.pathSeparator + shadedJar();
    String threads = Integer.toString(Runtime.getRuntime().availableProcessors() + 2);
    String load = upstream(classPath, "-load", threads);
    assertTrue(load.contains("[INSERT], Return=OK, 500"), load);
    String run = upstream(classPath, "-t", threads);
    assertTrue(run.contains("[READ], Return=OK, 2000"), run);
    assertTrue(run.contains("[READ-DRAM], Operations"), run);
    assertFalse(run.contains("[STORE-WAIT]"), run);
    assertTrue(run.contains("tiered: store operations ran on " + threads + " calling threads on "
        + Runtime.getRuntime().availableProcessors() + " cores"), run);
  }

  private String upstream(String classPath, String phase, String threads) throws IOException, InterruptedException {
    Path out = Files.createTempFile("upstream-ycsb", ".out");
    try {
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
          "-cp", classPath, "site.ycsb.Client", phase, "-db", TieredClient.class.getName(),
          "-P", YcsbProcess.projectRoot().resolve("workloads/workloadc").toString(),
          "-p", "tiered.medium=pmem", "-p", "tiered.path=" + dir, "-p", "recordcount=500",
          "-p", "operationcount=2000", "-p", "fieldcount=1", "-threads", threads)
          .redirectErrorStream(true).redirectOutput(out.toFile()).start();
      assertTrue(p.waitFor(90, TimeUnit.SECONDS), "upstream client did not finish");
      String text = Files.readString(out, StandardCharsets.UTF_8);
      assertEquals(0, p.exitValue(), text);
      return text;
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** YCSB core 0.17.0 and the libraries it needs, as this test's class path has them from Maven Central. */
  private static String upstreamCore() {
    List<String> core = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> e.contains("site/ycsb/core") || e.contains("htrace-core4") || e.contains("jackson-")
            || e.contains("HdrHistogram"))
        .collect(Collectors.toList());
    assertTrue(core.stream().anyMatch(e -> e.contains("site/ycsb/core/0.17.0")), core.toString());
    return String.join(File.pathSeparator, core);
  }

  private static Path shadedJar() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("target"))) {
      return files.filter(f -> f.getFileName().toString().endsWith("-shaded.jar")).findFirst()
          .orElseThrow(() -> new AssertionError("no *-shaded.jar in target/: run after package"));
    }
  }
}
