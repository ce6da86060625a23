package io.github.ycsbtiers.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A primary with replicas ({@code replicaof}) on free loopback ports, and optionally Sentinels
 * that monitor it under {@link #MASTER_NAME}. {@link #start} returns once every replica is online
 * and at the primary's replication offset, and every Sentinel knows the primary, every replica and
 * every other Sentinel. Sentinels fail over fast: down after {@value #DOWN_AFTER_MS} ms, quorum of
 * a majority, failover timeout {@value #FAILOVER_TIMEOUT_MS} ms. {@link #close} stops every process.
 */
public final class RedisReplication implements AutoCloseable {
  /** The name the Sentinels monitor the primary under. */
  public static final String MASTER_NAME = "ycsbmaster";
  /** How long a primary may be silent before a Sentinel thinks it down. */
  public static final int DOWN_AFTER_MS = 1000;
  /** Sentinel's failover-timeout: also the pause between two failover attempts of the same master. */
  public static final int FAILOVER_TIMEOUT_MS = 3000;
  private static final Duration CONVERGE_TIMEOUT = Duration.ofSeconds(30);

  private final List<RedisServer> nodes;
  private final List<RedisServer> sentinels;

  private RedisReplication(List<RedisServer> nodes, List<RedisServer> sentinels) {
    this.nodes = nodes;
    this.sentinels = sentinels;
  }

  /** A primary and {@code replicas} replicas, no Sentinel. */
  public static RedisReplication start(int replicas) {
    return start(replicas, 0);
  }

  /** A primary, {@code replicas} replicas and {@code sentinelCount} Sentinels monitoring them. */
  public static RedisReplication start(int replicas, int sentinelCount) {
    return start(replicas, sentinelCount, null);
  }

  /**
   * As {@link #start(int, int)}, every node and Sentinel on TLS only with {@code tls}'s
   * certificates (clients must show one); replicas and Sentinels reach the others over TLS with
   * the client certificate. Null: no TLS.
   */
  public static RedisReplication start(int replicas, int sentinelCount, TlsCertificates tls) {
    if (replicas < 0 || sentinelCount < 0) {
      throw new IllegalArgumentException("replicas and sentinels must be >= 0: " + replicas + ", " + sentinelCount);
    }
    Executables.requireRedis();
    List<RedisServer> nodes = new ArrayList<>();
    List<RedisServer> sentinels = new ArrayList<>();
    RedisReplication set = new RedisReplication(nodes, sentinels);
    try {
      // a replica that syncs again (after REPLICAOF, a failover) gets its data at once, not 5 s later
      RedisServer primary = tls(RedisServer.builder(), tls).config("repl-diskless-sync", "yes")
          .config("repl-diskless-sync-delay", "0").start();
      nodes.add(primary);
      for (int i = 0; i < replicas; i++) {
        nodes.add(tls(RedisServer.builder(), tls)
            .config("replicaof", primary.host() + " " + primary.port())
            // no RDB file between them: a full sync streams straight over the socket
            .config("repl-diskless-sync", "yes")
            .config("repl-diskless-sync-delay", "0")
            .config("repl-diskless-load", "on-empty-db")
            .start());
      }
      set.awaitInSync();
      int quorum = sentinelCount / 2 + 1;
      for (int i = 0; i < sentinelCount; i++) {
        sentinels.add(tls(RedisServer.builder(), tls).sentinel()
            .config("sentinel monitor", MASTER_NAME + " " + primary.host() + " " + primary.port() + " " + quorum)
            .config("sentinel down-after-milliseconds", MASTER_NAME + " " + DOWN_AFTER_MS)
            .config("sentinel failover-timeout", MASTER_NAME + " " + FAILOVER_TIMEOUT_MS)
            .config("sentinel parallel-syncs", MASTER_NAME + " " + Math.max(1, replicas))
            .start());
      }
      set.awaitSentinelsConverged();
      nodes.forEach(RedisServer::resetStats);
      return set;
    } catch (RuntimeException e) {
      set.close();
      throw e;
    }
  }

  private static RedisServer.Builder tls(RedisServer.Builder b, TlsCertificates tls) {
    if (tls == null) {
      return b;
    }
    return b.tls(tls).config("tls-replication", "yes")
        .config("tls-client-cert-file", "\"" + tls.clientCert() + "\"")
        .config("tls-client-key-file", "\"" + tls.clientKey() + "\"");
  }

  /** Every data node; index 0 was the primary at start-up. */
  public List<RedisServer> nodes() {
    return nodes;
  }

  /** The node that says it is the primary now (ROLE); a stopped node is skipped. */
  public RedisServer primary() {
    for (RedisServer node : nodes) {
      CliResult role = node.tryCli(node.cliOptions(), "ROLE");
      if (role.ok() && role.out().startsWith("master")) {
        return node;
      }
    }
    throw new IllegalStateException("no node of " + this + " says it is a primary");
  }

  /** The nodes that say they are replicas now. */
  public List<RedisServer> replicas() {
    List<RedisServer> replicas = new ArrayList<>();
    for (RedisServer node : nodes) {
      CliResult role = node.tryCli(node.cliOptions(), "ROLE");
      if (role.ok() && role.out().startsWith("slave")) {
        replicas.add(node);
      }
    }
    return replicas;
  }

  public List<RedisServer> sentinels() {
    return sentinels;
  }

  /** The Sentinels as {@code host:port,host:port,...}, as a client lists them. */
  public String sentinelAddresses() {
    return sentinels.stream().map(RedisServer::hostAndPort).collect(Collectors.joining(","));
  }

  /** INFO commandstats of one node; see {@link RedisServer#commandCalls()}. */
  public Map<String, Long> commandCalls(int node) {
    return nodes.get(node).commandCalls();
  }

  /**
   * Waits until every replica of the current primary is online and has applied everything the
   * primary wrote: a test reads the replicas' data or counts their commands after this.
   */
  public void awaitInSync() {
    long deadline = System.nanoTime() + CONVERGE_TIMEOUT.toNanos();
    RedisServer primary = primary();
    int expected = nodes.size() - 1;
    while (true) {
      Map<String, String> info = ReplicationInfo.parse(primary.info("replication"));
      if (ReplicationInfo.onlineAtOffset(info, expected)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("replicas of " + primary.hostAndPort() + " not in sync within "
            + CONVERGE_TIMEOUT.toSeconds() + " s:\n" + primary.info("replication").strip());
      }
      ServerProcess.sleep(20);
    }
  }

  private void awaitSentinelsConverged() {
    long deadline = System.nanoTime() + CONVERGE_TIMEOUT.toNanos();
    for (RedisServer sentinel : sentinels) {
      while (true) {
        Map<String, String> master = ReplicationInfo.pairs(sentinel.cli("SENTINEL", "MASTER", MASTER_NAME));
        if (String.valueOf(nodes.size() - 1).equals(master.get("num-slaves"))
            && String.valueOf(sentinels.size() - 1).equals(master.get("num-other-sentinels"))) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Sentinel " + sentinel.hostAndPort() + " did not learn the topology within "
              + CONVERGE_TIMEOUT.toSeconds() + " s: " + master);
        }
        ServerProcess.sleep(50);
      }
    }
  }

  /** Stops the Sentinels first (so that they start no failover), then the data nodes. */
  @Override
  public void close() {
    sentinels.forEach(RedisReplication::closeQuietly);
    nodes.forEach(RedisReplication::closeQuietly);
  }

  @Override
  public String toString() {
    return "RedisReplication" + nodes.stream().map(RedisServer::hostAndPort).toList()
        + (sentinels.isEmpty() ? "" : " sentinels " + sentinelAddresses());
  }

  private static void closeQuietly(RedisServer server) {
    try {
      server.close();
    } catch (RuntimeException ignored) {
      // close the others regardless
    }
  }
}
