package io.github.ycsbtiers.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A Redis Cluster of N masters, without replicas or with ({@link #startWithReplicas}), on free loopback ports or
 * across a network namespace ({@link #startWithMasterIn}), created with {@code redis-cli --cluster create}; one or
 * two masters, which redis-cli refuses, are put together by hand ({@link ClusterSlots}: equal slot ranges, CLUSTER
 * MEET). {@link #start} returns only when every node reports {@code cluster_state:ok} with all 16384 slots covered
 * and knows every other node.
 */
public final class RedisCluster implements AutoCloseable {
  /** redis-cli --cluster create refuses fewer masters; fewer (without replicas) are made by hand. */
  public static final int MIN_MASTERS = 3;
  public static final int DEFAULT_MASTERS = 3;
  private static final int SLOTS = ClusterSlots.SLOTS;
  private static final Duration CREATE_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration CONVERGE_TIMEOUT = Duration.ofSeconds(30);
  /** cluster-node-timeout of a Cluster with replicas: how long a master may be silent before failover. */
  public static final int FAILOVER_NODE_TIMEOUT_MS = 1000;

  private final List<RedisServer> nodes;
  private final String password;

  private RedisCluster(List<RedisServer> nodes, String password) {
    this.nodes = List.copyOf(nodes);
    this.password = password;
  }

  /** Three masters, no password. */
  public static RedisCluster start() {
    return start(DEFAULT_MASTERS, null);
  }

  /**
   * {@code masters} masters (at least 1); a non-null {@code password} becomes requirepass and
   * masterauth on every node.
   */
  public static RedisCluster start(int masters, String password) {
    return start(new ClusterLayout(masters, 0, password, null));
  }

  /**
   * {@code masters} masters with {@code replicasPerMaster} replicas each, no password, and a
   * cluster-node-timeout of {@value #FAILOVER_NODE_TIMEOUT_MS} ms, so that a replica takes over a
   * failed master within a few seconds. Returns when every replica is in sync with its master.
   * Replicas need at least {@value #MIN_MASTERS} masters.
   */
  public static RedisCluster startWithReplicas(int masters, int replicasPerMaster) {
    return start(new ClusterLayout(masters, replicasPerMaster, null, null));
  }

  /**
   * {@value #DEFAULT_MASTERS} masters without replicas, the last of them inside {@code namespace}
   * and the others on its {@link NetworkNamespace#gateway}, so that {@link NetworkNamespace#cut}
   * parts that master from the clients and from the other masters alike. The cluster-node-timeout
   * stays 5000 ms: a cut of 2 s fails no node. The namespace outlives the Cluster and is closed by
   * the test.
   */
  public static RedisCluster startWithMasterIn(NetworkNamespace namespace) {
    return start(new ClusterLayout(DEFAULT_MASTERS, 0, null, Objects.requireNonNull(namespace, "namespace")));
  }

  private static RedisCluster start(ClusterLayout layout) {
    Executables.requireRedis();
    List<RedisServer> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < layout.nodes(); i++) {
        nodes.add(layout.node(i).start());
      }
      RedisCluster cluster = new RedisCluster(nodes, layout.password());
      if (layout.byHand()) {
        ClusterSlots.assign(nodes);
      } else {
        cluster.create(layout.replicasPerMaster());
      }
      cluster.awaitConverged();
      if (layout.replicasPerMaster() > 0) {
        cluster.awaitReplicasInSync();
      }
      cluster.resetStats();
      return cluster;
    } catch (RuntimeException e) {
      nodes.forEach(RedisCluster::closeQuietly);
      throw e;
    }
  }

  public List<RedisServer> nodes() {
    return nodes;
  }

  /** "host:port" of every node ("127.0.0.1:port" unless a node is in a namespace). */
  public List<String> seeds() {
    return nodes.stream().map(RedisServer::hostAndPort).toList();
  }

  /** The password of every node, or null. */
  public String password() {
    return password;
  }

  /** Command calls summed over all nodes. */
  public Map<String, Long> commandCalls() {
    Map<String, Long> sum = new TreeMap<>();
    for (RedisServer node : nodes) {
      node.commandCalls().forEach((command, calls) -> sum.merge(command, calls, Long::sum));
    }
    return sum;
  }

  public void resetStats() {
    nodes.forEach(RedisServer::resetStats);
  }

  /** FLUSHALL on every node (each master only flushes its own slots). */
  public void flushAll() {
    nodes.forEach(RedisServer::flushAll);
  }

  /** Runs redis-cli in cluster mode ({@code -c}, following redirects) against node {@code index}. */
  public String cli(int index, String... args) {
    List<String> all = new ArrayList<>();
    all.add("-c");
    all.addAll(List.of(args));
    return nodes.get(index).cli(all.toArray(String[]::new));
  }

  @Override
  public void close() {
    nodes.forEach(RedisCluster::closeQuietly);
  }

  @Override
  public String toString() {
    return "RedisCluster" + seeds();
  }

  /** Indexes (into {@link #nodes}) of the nodes that are masters now, as each says (ROLE); a stopped node is skipped. */
  public List<Integer> masterIndexes() {
    List<Integer> masters = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      CliResult role = nodes.get(i).tryCli(List.of(), "ROLE");
      if (role.ok() && role.out().startsWith("master")) {
        masters.add(i);
      }
    }
    return masters;
  }

  /** Index of the replica of the master at {@code masterIndex}, or -1 if it has none. */
  public int replicaOf(int masterIndex) {
    String port = Integer.toString(nodes.get(masterIndex).port());
    for (int i = 0; i < nodes.size(); i++) {
      CliResult role = nodes.get(i).tryCli(List.of(), "ROLE");
      String[] lines = role.out().split("\r?\n");
      if (role.ok() && lines.length >= 3 && lines[0].equals("slave") && lines[2].equals(port)) {
        return i;
      }
    }
    return -1;
  }

  private void awaitReplicasInSync() {
    long deadline = System.nanoTime() + CONVERGE_TIMEOUT.toNanos();
    for (RedisServer node : nodes) {
      while (true) {
        String info = node.cli("INFO", "replication");
        if (info.contains("role:master") || info.contains("master_link_status:up")) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("replica " + node.hostAndPort() + " not in sync within "
              + CONVERGE_TIMEOUT.toSeconds() + " s:\n" + info.strip());
        }
        ServerProcess.sleep(50);
      }
    }
  }

  private void create(int replicasPerMaster) {
    RedisServer first = nodes.get(0);
    List<String> args = new ArrayList<>(List.of(Executables.REDIS_CLI, "--cluster", "create"));
    args.addAll(seeds());
    args.addAll(List.of("--cluster-replicas", Integer.toString(replicasPerMaster), "--cluster-yes"));
    args.addAll(first.cliOptions());
    CliResult result = Exec.run(args, first.dir(), CREATE_TIMEOUT);
    // redis-cli --cluster reports some failures with status 0; its summary line is the real verdict
    if (!result.ok() || !result.out().contains("All " + SLOTS + " slots covered")) {
      throw new IllegalStateException("redis-cli --cluster create " + seeds() + " failed with status "
          + result.status() + ":\n" + result.output().strip() + "\nfirst node's log tail:\n" + first.logTail());
    }
  }

  private void awaitConverged() {
    long deadline = System.nanoTime() + CONVERGE_TIMEOUT.toNanos();
    while (true) {
      String lagging = null;
      for (RedisServer node : nodes) {
        String info = node.cli("CLUSTER", "INFO");
        if (!converged(info)) {
          lagging = node.hostAndPort() + ":\n" + info.strip();
          break;
        }
      }
      if (lagging == null) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Redis Cluster " + seeds() + " not ready within "
            + CONVERGE_TIMEOUT.toSeconds() + " s; CLUSTER INFO of " + lagging);
      }
      ServerProcess.sleep(50);
    }
  }

  private boolean converged(String clusterInfo) {
    Map<String, String> fields = new TreeMap<>();
    for (String line : clusterInfo.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return "ok".equals(fields.get("cluster_state"))
        && String.valueOf(SLOTS).equals(fields.get("cluster_slots_assigned"))
        && String.valueOf(SLOTS).equals(fields.get("cluster_slots_ok"))
        && String.valueOf(nodes.size()).equals(fields.get("cluster_known_nodes"));
  }

  private static void closeQuietly(RedisServer node) {
    try {
      node.close();
    } catch (RuntimeException ignored) {
      // close the other nodes regardless
    }
  }
}
