package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.UpstreamYcsb;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    UpstreamYcsb upstream = UpstreamYcsb.withShadedJar();
    Path shaded = upstream.shadedJar();
    try (ZipFile zip = new ZipFile(shaded.toFile())) {
      assertFalse(zip.stream().anyMatch(e -> e.getName().startsWith("site/ycsb/")), "YCSB core in " + shaded);
    }
    String load = run(upstream, "-load");
    assertTrue(load.contains("[INSERT], Return=OK, 500"), load);
    String run = run(upstream, "-t");
    assertTrue(run.contains("[VERIFY], Return=OK"), run);
    assertFalse(run.contains("Return=ERROR") || run.contains("UNEXPECTED_STATE"), run);
  }

  private static String run(UpstreamYcsb upstream, String phase) throws Exception {
    return upstream.run(List.of(), List.of(phase, "-db", RedisClient.class.getName(),
        "-P", YcsbProcess.projectRoot().resolve("workloads/workloada").toString(),
        "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "recordcount=500",
        "-p", "operationcount=500", "-p", "fieldcount=1", "-p", "dataintegrity=true", "-threads", "4"),
        Duration.ofSeconds(60));
  }
}
