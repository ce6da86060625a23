package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.MaintNotificationsConfig;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.StaticCredentialsProvider;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import io.lettuce.core.resource.NettyCustomizer;
import io.netty.channel.Channel;
import io.netty.handler.flush.FlushConsolidationHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * The Lettuce client of one set of options in a process: its event loops ({@code
 * runner.engine.threads} of them, at most one per connection) and the connections opened on them,
 * one per logical client unless {@code redis.connections} is lower (each a Cluster connection with
 * {@code redis.cluster=true}, which reaches every master). {@link #open} opens and checks the
 * first connection: PING, and for a standalone server that it is not a Cluster node, so every
 * connection problem surfaces in init as one line, as with Jedis. Commands time out after {@code
 * redis.timeout}; while a connection is down they are rejected at once (and reconnection goes on),
 * so a lost server costs ERRORs, not a stalled run.
 */
public final class LettuceClient implements AutoCloseable {
  private static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(5);
  /** How often a Cluster connection reads the slot map (CLUSTER NODES of the known nodes) in the background. */
  private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(1);
  /**
   * Lettuce and Netty log through java.util.logging here (Netty will not log to slf4j-nop), one
   * line per connection for what the binding reports itself once (a refused password, a
   * hand-shake the server does not know); only SEVERE lines are let through. Held here because
   * java.util.logging keeps loggers weakly, with their levels.
   */
  private static final List<java.util.logging.Logger> QUIET = List.of(
      quiet("io.lettuce"), quiet("io.netty"),
      lateListeners("io.netty.util.concurrent.DefaultPromise.rejectedExecution"));
  private final RedisOptions options;
  private final ClientResources resources;
  private final AbstractRedisClient client;
  private final List<RedisURI> uris;
  private final List<LettuceConnection> connections = new ArrayList<>();
  private final ReplicaConnections<LettuceConnection> replicaConnections =
      new ReplicaConnections<>(LettuceConnection::close);
  /** Each node's figures, on a Cluster whose reads go to replicas; else null. */
  private final ClusterEndpoints nodes;

  private LettuceClient(RedisOptions options, ClientResources resources, AbstractRedisClient client,
                        List<RedisURI> uris, ClusterEndpoints nodes) {
    this.options = options;
    this.resources = resources;
    this.client = client;
    this.uris = uris;
    this.nodes = nodes;
  }

  /** The client and its first connection, checked. */
  static LettuceClient open(RedisOptions o) throws DBException {
    // on a Cluster Lettuce routes each read itself: each node's figures are taken where it records latency
    ClusterEndpoints nodes = o.cluster() && o.replicas().readFrom().usesReplicas() ? new ClusterEndpoints() : null;
    ClientResources resources = DefaultClientResources.builder().ioThreadPoolSize(o.eventLoopThreads())
        .commandLatencyRecorder(nodes != null ? nodes : CommandLatencyRecorder.disabled())
        .computationThreadPoolSize(2) // Lettuce raises 1 to 2 itself, with a log line
        .nettyCustomizer(new FewerWrites(o.threadCount() / o.connections()))
        // reconnection attempts back off as the binding's clients do (Outages): doubling up to the
        // cap; Lettuce's exponential delay needs a cap above the start, so equal ones are constant
        .reconnectDelay(o.backoff().maxMillis() > o.backoff().minMillis()
            ? Delay.exponential(Duration.ofMillis(o.backoff().minMillis()), Duration.ofMillis(o.backoff().maxMillis()),
                2, TimeUnit.MILLISECONDS)
            : Delay.constant(Duration.ofMillis(o.backoff().minMillis())))
        .build();
    AbstractRedisClient client = null;
    try {
      Duration timeout = Duration.ofMillis(o.timeoutMillis());
      List<RedisURI> uris = new ArrayList<>();
      for (HostAndPort e : o.endpoints()) {
        // the URI's timeout bounds the connection hand-shake, which on a cold JVM of a loaded
        // machine can take longer than a short redis.timeout; commands keep redis.timeout (TimeoutOptions)
        uris.add(uri(o, e, timeout.compareTo(HANDSHAKE_TIMEOUT) < 0 ? HANDSHAKE_TIMEOUT : timeout));
      }
      if (o.cluster()) {
        RedisClusterClient cluster = RedisClusterClient.create(resources, uris);
        client = cluster;
        // after a failover, the slot map is read again when a node stays unreachable or answers
        // MOVED/ASK (at most once per redis.backoff.max), and every second: without it commands
        // for the failed master's slots would go on failing after its replica took over
        cluster.setOptions(ClusterClientOptions.builder(clientOptions(o, timeout))
            .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder().enableAllAdaptiveRefreshTriggers()
                .adaptiveRefreshTriggersTimeout(Duration.ofMillis(o.backoff().maxMillis()))
                // a refresh triggered before the replica took over still shows the dead master
                .enablePeriodicRefresh(TOPOLOGY_REFRESH).build())
            .build());
      } else {
        io.lettuce.core.RedisClient standalone = io.lettuce.core.RedisClient.create(resources, uris.get(0));
        client = standalone;
        standalone.setOptions(clientOptions(o, timeout));
      }
      LettuceClient opened = new LettuceClient(o, resources, client, uris, nodes);
      if (nodes != null) {
        RedisClusterClient cluster = (RedisClusterClient) client;
        nodes.roles(address -> role(cluster, address));
      }
      try {
        opened.check(opened.connection(0));
      } catch (DBException | RuntimeException e) {
        opened.close();
        throw e;
      }
      return opened;
    } catch (RuntimeException e) {
      shutdown(client, resources);
      throw InitFailures.describe(e, o);
    }
  }

  /**
   * Connection {@code lease} to the primary, then one to each of {@code replicas}, opened on first use.
   *
   * @throws DBException one line saying which server cannot be reached and why
   */
  synchronized List<LettuceConnection> connections(int lease, List<HostAndPort> replicas) throws DBException {
    return replicaConnections.withPrimary(connection(lease), lease % options.connections(), replicas,
        r -> LettuceConnection.open(client, List.of(uri(options, r, uris.get(0).getTimeout()))));
  }

  /**
   * Connection {@code lease} modulo {@code redis.connections}, opened on first use; the clients of
   * one connection share it, their commands pipelined on it.
   *
   * @throws DBException one line saying why a new connection cannot be opened
   */
  synchronized LettuceConnection connection(int lease) throws DBException {
    int index = lease % options.connections();
    while (connections.size() <= index) {
      try {
        connections.add(LettuceConnection.open(client, uris, readFrom(options)));
      } catch (RuntimeException e) {
        throw InitFailures.describe(e, options);
      }
    }
    return connections.get(index);
  }

  /**
   * The slot map of a Cluster client: the partitions that its connections route by, which its
   * topology refreshes reload in place.
   */
  ClusterOutages.Masters masters() {
    RedisClusterClient cluster = (RedisClusterClient) client;
    return new ClusterOutages.Masters() {
      @Override
      public Object masterOf(int slot) {
        return cluster.getPartitions().getPartitionBySlot(slot);
      }

      @Override
      public String name(Object master) {
        RedisURI uri = ((RedisClusterNode) master).getUri();
        return uri == null ? ((RedisClusterNode) master).getNodeId() : uri.getHost() + ":" + uri.getPort();
      }
    };
  }

  /** The role the slot map gives the node at {@code address} now: primary, replica, or node if it names none. */
  private static String role(RedisClusterClient cluster, String address) {
    for (RedisClusterNode n : cluster.getPartitions()) {
      RedisURI uri = n.getUri();
      if (uri != null && address.equals(uri.getHost() + ":" + uri.getPort())) {
        return n.getRole() == null ? "node" : n.getRole().isUpstream() ? "primary" : n.getRole().isReplica() ? "replica" : "node";
      }
    }
    return "node";
  }

  /** Each Cluster node's figures so far when reads go to replicas, by address; else null. */
  List<io.github.ycsbtiers.redis.topology.EndpointStats> clusterEndpoints() {
    return nodes == null ? null : nodes.endpoints();
  }

  /** Publishes an {@code [ENDPOINT-host:port]} section per Cluster node that served reads or writes, when reads went to replicas. */
  void publishEndpoints() {
    if (nodes != null) {
      nodes.publish();
    }
  }

  /**
   * At close, a hand-shake time-out of a reconnection still under way (after a server restart or a
   * partition) can fire on Lettuce's computation executor after the client has released its I/O
   * loops, whose listener Netty then cannot notify: a SEVERE line with a stack trace about a
   * connection attempt nobody waits for any more. Only that record is dropped. Netty logs it on a
   * logger of its own ({@code DefaultPromise.rejectedExecution}): a filter of a parent logger
   * would not see it.
   */
  private static java.util.logging.Logger lateListeners(String name) {
    java.util.logging.Logger logger = quiet(name);
    logger.setFilter(r -> !(r.getThrown() instanceof java.util.concurrent.RejectedExecutionException
        && String.valueOf(r.getMessage()).startsWith("Failed to submit a listener notification task")));
    return logger;
  }

  private static java.util.logging.Logger quiet(String name) {
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
    logger.setLevel(java.util.logging.Level.SEVERE);
    return logger;
  }

  /** Lettuce's name for {@code redis.read_from}, for a Cluster connection; null for the primaries. */
  private static io.lettuce.core.ReadFrom readFrom(RedisOptions o) {
    return switch (o.replicas().readFrom()) {
      case PRIMARY -> null;
      case REPLICA -> io.lettuce.core.ReadFrom.REPLICA;
      case REPLICA_PREFERRED -> io.lettuce.core.ReadFrom.REPLICA_PREFERRED;
      case NEAREST -> io.lettuce.core.ReadFrom.LOWEST_LATENCY;
      case ANY -> io.lettuce.core.ReadFrom.ANY;
    };
  }

  private static RedisURI uri(RedisOptions o, HostAndPort e, Duration timeout) {
    // with Sentinels, the primary's URI names them, so that every reconnection asks them again
    RedisURI.Builder b = o.sentinels() == null || !e.equals(o.endpoints().get(0))
        ? RedisURI.builder().withHost(e.getHost()).withPort(e.getPort()) : SentinelUris.primary(o.sentinels(), timeout, o.tls().enabled());
    b.withTimeout(timeout).withDatabase(o.database());
    if (o.auth().password() != null) {
      // an immediate provider: Lettuce resolves any other (a plain URI password too) on another
      // thread, where the hand-shake may then end, handing the connection over before its event
      // loop has marked it connected; a command that waited for it (a Cluster node connection
      // opened on first use) was then rejected as "Currently not connected" (LettuceHandshakeIT)
      b.withAuthentication(new StaticCredentialsProvider(o.auth().user(), o.auth().password().toCharArray()));
    }
    if (o.tls().enabled()) {
      // as the Jedis path and redis-cli: the certificate is checked against the CA, not the host name
      b.withSsl(true).withVerifyPeer(SslVerifyMode.CA);
    }
    return b.build();
  }

  private static ClientOptions clientOptions(RedisOptions o, Duration timeout) {
    ClientOptions.Builder b = ClientOptions.builder()
        .protocolVersion(ProtocolVersion.RESP2)
        // no CLIENT MAINT_NOTIFICATIONS in the hand-shake: plain servers refuse it, with a log line per connection
        .maintNotificationsConfig(MaintNotificationsConfig.disabled())
        .autoReconnect(true)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
        .timeoutOptions(TimeoutOptions.enabled(timeout));
    if (o.tls().enabled()) {
      SslOptions.Builder ssl = SslOptions.builder().jdkSslProvider();
      if (o.tls().ca() != null) {
        ssl.trustManager(o.tls().ca().toFile());
      }
      if (o.tls().cert() != null) {
        ssl.keyManager(o.tls().cert().toFile(), o.tls().key().toFile(), null);
      }
      b.sslOptions(ssl.build());
    }
    return b.build();
  }

  private void check(LettuceConnection first) throws DBException {
    RedisClusterAsyncCommands<byte[], byte[]> commands = first.commands();
    if (options.cluster()) {
      return;
    }
    String info;
    try {
      info = join(commands.info("cluster"));
    } catch (io.lettuce.core.RedisCommandExecutionException e) {
      return; // a server that refuses INFO is let through, as on the Jedis path
    }
    if (info != null && info.contains("cluster_enabled:1")) {
      throw InitFailures.clusterNode(options);
    }
  }

  static <T> T join(java.util.concurrent.Future<T> f) {
    try {
      return f.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /**
   * Every command is written with a flush, which is one write system call per command: the
   * client's largest cost. Netty's flush consolidation holds flushes back while replies are
   * being read (the async engine sends the next commands from there) and at most for a quarter
   * of the operations in flight on one connection, so the commands of one round of replies
   * leave in about four writes: the server starts on the first while the client prepares the
   * rest. Measured on 2 cores with 8, 32 and 128 in flight on one connection, this beat both one
   * write per command and one write per round (bench/redis-async.sh). With one operation in
   * flight per connection (the default) there is nothing to consolidate, and the handler is left
   * out.
   */
  private static final class FewerWrites implements NettyCustomizer {
    private final int flushEvery;

    private final boolean consolidate;

    FewerWrites(int inFlightPerConnection) {
      this.flushEvery = Math.max(1, inFlightPerConnection / 4);
      this.consolidate = inFlightPerConnection > 1;
    }

    @Override
    public void afterChannelInitialized(Channel channel) {
      if (consolidate) {
        channel.pipeline().addFirst(new FlushConsolidationHandler(flushEvery, true));
      }
    }
  }

  /** Connections up now. */
  synchronized int openConnections() {
    int n = replicaConnections.countOpen(LettuceConnection::isOpen);
    for (LettuceConnection c : connections) {
      n += c.isOpen() ? 1 : 0;
    }
    return n;
  }

  @Override
  public synchronized void close() {
    for (LettuceConnection c : connections) {
      c.close();
    }
    connections.clear();
    replicaConnections.close();
    shutdown(client, resources);
  }

  private static void shutdown(AbstractRedisClient client, ClientResources resources) {
    if (client != null) {
      client.shutdown(0, 2, TimeUnit.SECONDS);
    }
    // The computation executor runs Lettuce's handshake time-outs, which notify listeners on the
    // I/O event loops. Stopped together, a time-out of a reconnect that was under way (after a
    // server restart) could run while the loops terminated, and Netty logged a SEVERE
    // RejectedExecutionException with its stack trace. Stop the executor first.
    resources.eventExecutorGroup().shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    resources.shutdown(0, 2, TimeUnit.SECONDS);
  }
}
