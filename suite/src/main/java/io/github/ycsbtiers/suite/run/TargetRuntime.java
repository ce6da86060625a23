package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.probe.ClusterNodes;
import io.github.ycsbtiers.suite.probe.InfoSnapshot;
import io.github.ycsbtiers.suite.probe.RedisEndpoint;
import io.github.ycsbtiers.suite.probe.RedisProbe;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A target while the suite runs: its probe (remote) or its store directories (embedded). Each
 * group of an embedded target gets a fresh store: pmem under /dev/shm (tmpfs standing in for
 * persistent memory), disk under the results directory, or under the target's own tiered.path.
 */
final class TargetRuntime implements AutoCloseable {
  private final TargetSpec spec;
  private final RedisEndpoint endpoint;
  private final RedisProbe probe;
  private final Path resultsDir;
  private Path store;
  private List<RedisEndpoint> masters;

  private TargetRuntime(TargetSpec spec, RedisEndpoint endpoint, RedisProbe probe, Path resultsDir) {
    this.spec = spec;
    this.endpoint = endpoint;
    this.probe = probe;
    this.resultsDir = resultsDir;
  }

  /** Connects to a remote target (PING); throws {@code ProbeException} when it cannot be reached. */
  static TargetRuntime open(TargetSpec spec, Path resultsDir) {
    RedisEndpoint endpoint = spec.embedded() ? null : RedisEndpoint.fromProperties(spec.properties());
    RedisProbe probe = endpoint == null ? null : RedisProbe.connect(endpoint);
    return new TargetRuntime(spec, endpoint, probe, resultsDir);
  }

  /** A target as {@link #open} makes it, without connecting to a remote one (for tests of the plan). */
  static TargetRuntime unconnected(TargetSpec spec, Path resultsDir) {
    return new TargetRuntime(spec, spec.embedded() ? null : RedisEndpoint.fromProperties(spec.properties()), null,
        resultsDir);
  }

  /**
   * The server a remote target's data lives on ({@code host:port/database} of its first seed),
   * null for the embedded store, whose every target and group has a store of its own.
   */
  String server() {
    return endpoint == null ? null : endpoint + "/" + endpoint.database();
  }

  TargetSpec spec() {
    return spec;
  }

  /** INFO maxmemory of a remote target (a Cluster's summed over its masters); 0 for the embedded store. */
  long maxmemory() {
    return probe == null ? 0 : probe.info().number("maxmemory");
  }

  /** Before a group's Load: a fresh store (embedded) or, unless disabled, FLUSHALL (remote). */
  void startGroup(PhaseSpec load, boolean flush) throws IOException {
    if (probe != null) {
      if (flush && cluster()) {
        ClusterNodes.flushAll(masters());
      } else if (flush) {
        probe.flushAll();
      }
      return;
    }
    endGroup();
    String label = spec.name() + "-" + load.group().replaceAll("[^A-Za-z0-9._-]+", "-");
    String own = spec.properties().get("tiered.path");
    Path shm = Path.of("/dev/shm");
    if (own != null) {
      store = Files.createDirectories(Path.of(own)).resolve("suite-" + label);
    } else if ("disk".equals(spec.property("tiered.medium", "pmem")) || !Files.isDirectory(shm)) {
      store = Files.createDirectories(resultsDir.resolve("stores")).resolve(label);
    } else {
      store = Files.createTempDirectory(shm, "ycsb-suite-" + label + "-");
    }
  }

  /** The target's properties for a phase, with the store path of the current group. */
  Map<String, String> phaseProperties() {
    Map<String, String> props = new LinkedHashMap<>(spec.properties());
    if (store != null) {
      props.put("tiered.path", store.toString());
    }
    return props;
  }

  /** Whether the target is a Redis Cluster ({@code redis.cluster=true}). */
  boolean cluster() {
    return probe != null && PropertyValues.bool(spec.property("redis.cluster", "false")).orElse(false);
  }

  /** A Cluster target's masters, found once from CLUSTER NODES. */
  List<RedisEndpoint> masters() {
    if (masters == null) {
      masters = ClusterNodes.masters(probe);
    }
    return masters;
  }

  /** Each master's SET + GET calls so far (INFO commandstats); null for a target that is not a Cluster. */
  Map<String, Long> nodeCalls() {
    return cluster() ? ClusterNodes.setGetCalls(masters()) : null;
  }

  /** INFO of a remote target; a Cluster's whole-number fields summed over its masters; null for the embedded store. */
  InfoSnapshot info() {
    if (probe == null) {
      return null;
    }
    return cluster() ? ClusterNodes.info(masters()) : probe.info();
  }

  /** Removes the group's store, if any. */
  void endGroup() throws IOException {
    if (store != null && Files.exists(store)) {
      Files.walkFileTree(store, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    }
    store = null;
  }

  @Override
  public void close() throws IOException {
    try {
      endGroup();
    } finally {
      if (probe != null) {
        probe.close();
      }
    }
  }
}
