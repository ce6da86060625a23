package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The shaded jar as it is dropped into an upstream YCSB 0.17 distribution: upstream's own
 * {@code site.ycsb.Client} (core 0.17.0 and its libraries, nothing of this project) plus the one
 * jar, loading and verifying records.
 */
class ShadedJarIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void upstreamClientRunsTheBindingFromTheShadedJarAlone() throws Exception {
    Path shaded = shadedJar();
    try (ZipFile zip = new ZipFile(shaded.toFile())) {
      assertFalse(zip.stream().anyMatch(e -> e.getName().startsWith("site/ycsb/")), "YCSB core in " + shaded);
    }
    String classPath = upstreamCore() + File.pathSeparator + shaded;
    String load = upstream(classPath, "-load");
    assertTrue(load.contains("[INSERT], Return=OK, 500"), load);
    String run = upstream(classPath, "-t");
    assertTrue(run.contains("[VERIFY], Return=OK"), run);
    assertFalse(run.contains("Return=ERROR") || run.contains("UNEXPECTED_STATE"), run);
  }

  private static String upstream(String classPath, String phase) throws IOException, InterruptedException {
    Path out = Files.createTempFile("upstream-ycsb", ".out");
    try {
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", classPath, "site.ycsb.Client", phase, "-db", RedisClient.class.getName(),
          "-P", YcsbProcess.projectRoot().resolve("workloads/workloada").toString(),
          "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "recordcount=500",
          "-p", "operationcount=500", "-p", "fieldcount=1", "-p", "dataintegrity=true", "-threads", "4")
          .redirectErrorStream(true).redirectOutput(out.toFile()).start();
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "upstream client did not finish");
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
    return String.join(File.pathSeparator, new ArrayList<>(core));
  }

  private static Path shadedJar() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("target"))) {
      return files.filter(f -> f.getFileName().toString().endsWith("-shaded.jar")).findFirst()
          .orElseThrow(() -> new AssertionError("no *-shaded.jar in target/: run after package"));
    }
  }
}
