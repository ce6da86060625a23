package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
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
 * The one Lettuce connection of a process (a Cluster connection with {@code redis.cluster=true}),
 * opened and checked by {@link #open}: PING, and for a standalone server that it is not a Cluster
 * node, so every connection problem surfaces in init as one line, as with Jedis. Commands time out
 * after {@code redis.timeout}; while the connection is down they are rejected at once (and
 * reconnection goes on), so a lost server costs ERRORs, not a stalled run.
 */
public final class LettuceConnection implements AutoCloseable {
  private static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(5);
  /** How often a Cluster connection reads the slot map (CLUSTER NODES of the known nodes) in the background. */
  private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(1);
  private final ClientResources resources;
  private final AbstractRedisClient client;
  private final StatefulConnection<byte[], byte[]> connection;
  private final RedisClusterAsyncCommands<byte[], byte[]> commands;

  private LettuceConnection(ClientResources resources, AbstractRedisClient client,
                            StatefulConnection<byte[], byte[]> connection,
                            RedisClusterAsyncCommands<byte[], byte[]> commands) {
    this.resources = resources;
    this.client = client;
    this.connection = connection;
    this.commands = commands;
  }

  /** Commands on the shared connection; thread-safe, as Lettuce's connections are. */
  public RedisClusterAsyncCommands<byte[], byte[]> commands() {
    return commands;
  }

  static LettuceConnection open(RedisOptions o) throws DBException {
    // one connection needs one I/O thread; a second keeps Cluster topology work off its path
    ClientResources resources = DefaultClientResources.builder().ioThreadPoolSize(2).computationThreadPoolSize(1)
        .nettyCustomizer(new FewerWrites(o.threadCount()))
        // reconnection attempts back off as the binding's clients do (Outages): doubling up to the
        // cap; Lettuce's exponential delay needs a cap above the start, so equal ones are constant
        .reconnectDelay(o.backoffMaxMillis() > o.backoffMinMillis()
            ? Delay.exponential(Duration.ofMillis(o.backoffMinMillis()), Duration.ofMillis(o.backoffMaxMillis()), 2,
                TimeUnit.MILLISECONDS)
            : Delay.constant(Duration.ofMillis(o.backoffMinMillis())))
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
      StatefulConnection<byte[], byte[]> connection;
      RedisClusterAsyncCommands<byte[], byte[]> commands;
      if (o.cluster()) {
        RedisClusterClient cluster = RedisClusterClient.create(resources, uris);
        client = cluster;
        // after a failover, the slot map is read again when a node stays unreachable or answers
        // MOVED/ASK (at most once per redis.backoff.max), and every second: without it commands
        // for the failed master's slots would go on failing after its replica took over
        cluster.setOptions(ClusterClientOptions.builder(clientOptions(o, timeout))
            .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder().enableAllAdaptiveRefreshTriggers()
                .adaptiveRefreshTriggersTimeout(Duration.ofMillis(o.backoffMaxMillis()))
                // a refresh triggered before the replica took over still shows the dead master
                .enablePeriodicRefresh(TOPOLOGY_REFRESH).build())
            .build());
        var c = cluster.connect(ByteArrayCodec.INSTANCE);
        connection = c;
        commands = c.async();
      } else {
        io.lettuce.core.RedisClient standalone = io.lettuce.core.RedisClient.create(resources, uris.get(0));
        client = standalone;
        standalone.setOptions(clientOptions(o, timeout));
        var c = standalone.connect(ByteArrayCodec.INSTANCE);
        connection = c;
        commands = c.async();
      }
      LettuceConnection opened = new LettuceConnection(resources, client, connection, commands);
      try {
        opened.check(o);
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

  private static RedisURI uri(RedisOptions o, HostAndPort e, Duration timeout) {
    RedisURI.Builder b = RedisURI.builder().withHost(e.getHost()).withPort(e.getPort()).withTimeout(timeout)
        .withDatabase(o.database());
    if (o.password() != null) {
      if (o.user() != null) {
        b.withAuthentication(o.user(), o.password());
      } else {
        b.withPassword(o.password().toCharArray());
      }
    }
    if (o.tls()) {
      // as the Jedis path and redis-cli: the certificate is checked against the CA, not the host name
      b.withSsl(true).withVerifyPeer(SslVerifyMode.CA);
    }
    return b.build();
  }

  private static ClientOptions clientOptions(RedisOptions o, Duration timeout) {
    ClientOptions.Builder b = ClientOptions.builder()
        .protocolVersion(ProtocolVersion.RESP2)
        .autoReconnect(true)
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
        .timeoutOptions(TimeoutOptions.enabled(timeout));
    if (o.tls()) {
      SslOptions.Builder ssl = SslOptions.builder().jdkSslProvider();
      if (o.tlsCa() != null) {
        ssl.trustManager(o.tlsCa().toFile());
      }
      if (o.tlsCert() != null) {
        ssl.keyManager(o.tlsCert().toFile(), o.tlsKey().toFile(), null);
      }
      b.sslOptions(ssl.build());
    }
    return b.build();
  }

  private void check(RedisOptions o) throws DBException {
    join(commands.ping());
    if (o.cluster()) {
      return;
    }
    String info;
    try {
      info = join(commands.info("cluster"));
    } catch (io.lettuce.core.RedisCommandExecutionException e) {
      return; // a server that refuses INFO is let through, as on the Jedis path
    }
    if (info != null && info.contains("cluster_enabled:1")) {
      throw InitFailures.clusterNode(o);
    }
  }

  private static <T> T join(io.lettuce.core.RedisFuture<T> f) {
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
   * of the operations in flight ({@code threadcount}), so the commands of one round of replies
   * leave in about four writes: the server starts on the first while the client prepares the
   * rest. Measured on 2 cores with 8, 32 and 128 in flight, this beat both one write per
   * command and one write per round (bench/redis-async.sh, docs/performance.md).
   */
  private static final class FewerWrites implements NettyCustomizer {
    private final int flushEvery;

    FewerWrites(int inFlight) {
      this.flushEvery = Math.max(1, inFlight / 4);
    }

    @Override
    public void afterChannelInitialized(Channel channel) {
      channel.pipeline().addFirst(new FlushConsolidationHandler(flushEvery, true));
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (RuntimeException e) {
      // the connection is being dropped; nothing to report
    }
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
