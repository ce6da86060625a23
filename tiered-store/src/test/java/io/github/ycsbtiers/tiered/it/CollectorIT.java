package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * bin/ycsb runs the embedded store under the parallel collector (bench/gc-choice.sh chose it) unless
 * the user names one: the report's {@code [TOTAL_GCS_<collector>]} lines say which collector ran.
 * Without the launcher's choice the JVM's default (G1 on this machine) would show.
 */
class CollectorIT {
  private Path dir;

  @AfterEach
  void deleteStore() {
    StoreDirs.delete(dir);
  }

  @Test
  void theTieredBindingRunsUnderTheParallelCollectorUnlessOneIsNamed() {
    dir = StoreDirs.create(Medium.PMEM);
    // the tests' JVMs get -XX:+UseSerialGC through JAVA_OPTS (pom.xml): a user's choice, kept
    YcsbProcess.Result named = load(Map.of(), dir.resolve("named"));
    assertNotNull(named.metric("TOTAL_GCS_Copy", "Count"), named.out());
    assertNull(named.metric("TOTAL_GCS_PS_Scavenge", "Count"), named.out());
    YcsbProcess.Result chosen = load(Map.of("JAVA_OPTS", ""), dir.resolve("chosen"));
    assertNotNull(chosen.metric("TOTAL_GCS_PS_Scavenge", "Count"), chosen.out());
    assertNull(chosen.metric("TOTAL_GCS_Copy", "Count"), chosen.out());
  }

  private static YcsbProcess.Result load(Map<String, String> env, Path store) {
    YcsbProcess.Result r = YcsbProcess.run(Duration.ofMinutes(2), env, List.of("load", "tiered", "-P",
        "workloads/load", "-p", "recordcount=100", "-p", "tiered.medium=pmem", "-p", "tiered.path=" + store));
    assertEquals(0, r.status(), r.err());
    return r;
  }
}
