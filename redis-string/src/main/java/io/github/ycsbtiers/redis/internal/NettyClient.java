package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.resp.RespCallback;
import io.github.ycsbtiers.redis.resp.RespClient;
import io.github.ycsbtiers.redis.resp.RespConnection;
import io.github.ycsbtiers.redis.resp.RespEndpoint;
import io.github.ycsbtiers.redis.resp.RespErrorReply;
import io.github.ycsbtiers.redis.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * The binding's own RESP client ({@code redis.client=netty}) for one set of options: {@code
 * runner.engine.threads} event loops and a connection per logical client (or {@code
 * redis.connections}, shared in turn). {@link #open} opens the first connection and checks that
 * the server is no Cluster node, so a connection problem surfaces in init as one line, as with
 * the other clients.
 */
final class NettyClient implements AutoCloseable {
  private final RedisOptions options;
  private final RespClient client;
  private final List<RespConnection> connections = new ArrayList<>();
  /** Per connection index, its connections to the replicas, on the loop of the primary's. */
  private final ReplicaConnections<RespConnection> replicaConnections = new ReplicaConnections<>(RespConnection::close);

  private NettyClient(RedisOptions options, RespClient client) {
    this.options = options;
    this.client = client;
  }

  static NettyClient open(RedisOptions o) throws DBException {
    HostAndPort at = o.endpoints().get(0);
    RespEndpoint endpoint = new RespEndpoint(at.getHost(), at.getPort(), o.auth().user(), o.auth().password(),
        o.database(), o.timeoutMillis(), o.backoff().minMillis(), o.backoff().maxMillis());
    // the most clients one connection carries (the connections are shared in turn)
    int inFlight = (o.threadCount() + o.connections() - 1) / o.connections();
    NettyClient opened = new NettyClient(o, new RespClient(endpoint, o.eventLoopThreads(), inFlight));
    try {
      opened.check(opened.connection(0));
      return opened;
    } catch (DBException e) {
      opened.close();
      throw e;
    }
  }

  /**
   * Connection {@code lease} modulo {@code redis.connections}, opened on first use.
   *
   * @throws DBException one line saying why a new connection cannot be opened
   */
  synchronized RespConnection connection(int lease) throws DBException {
    int index = lease % options.connections();
    while (connections.size() <= index) {
      try {
        connections.add(client.connect());
      } catch (RuntimeException e) {
        throw InitFailures.describe(e, options);
      }
    }
    return connections.get(index);
  }

  /**
   * Connection {@code lease} to the primary, then one to each of {@code replicas} on the same event
   * loop (a logical client's operations stay on one thread), opened on first use.
   *
   * @throws DBException one line saying which server cannot be reached and why
   */
  synchronized List<RespConnection> connections(int lease, List<HostAndPort> replicas) throws DBException {
    RespConnection primary = connection(lease);
    return replicaConnections.withPrimary(primary, lease % options.connections(), replicas,
        r -> client.connect(client.endpoint().at(r.getHost(), r.getPort()), primary.eventLoop()));
  }

  /** Points every connection to the primary at {@code primary}, where a failover moved it. */
  synchronized void retarget(HostAndPort primary) {
    RespEndpoint to = client.endpoint().at(primary.getHost(), primary.getPort());
    for (RespConnection c : connections) {
      c.retarget(to);
    }
  }

  /** Points the replica connections of each index at {@code perSlot}'s address for their slot, where the Sentinels moved them. */
  synchronized void retargetReplicas(List<HostAndPort> perSlot) {
    replicaConnections.forEach((position, c) -> {
      HostAndPort at = perSlot.get(position);
      c.retarget(client.endpoint().at(at.getHost(), at.getPort()));
    });
  }

  /** A standalone client refuses a Cluster node, as the other clients do; a server that refuses INFO is let through. */
  private void check(RespConnection first) throws DBException {
    Object info;
    try {
      info = call(first, "INFO", "cluster");
    } catch (RespErrorReply e) {
      return;
    } catch (RuntimeException e) {
      throw InitFailures.describe(e, options);
    }
    if (info instanceof byte[] text && new String(text, StandardCharsets.UTF_8).contains("cluster_enabled:1")) {
      throw InitFailures.clusterNode(options);
    }
  }

  /** Sends one command and waits for its reply, at most the command timeout and a second. */
  private Object call(RespConnection c, String name, String... args) {
    byte[][] bytes = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      bytes[i] = RespWriter.ascii(args[i]);
    }
    CompletableFuture<Object> reply = new CompletableFuture<>();
    c.send(RespWriter.command(c.alloc(), RespWriter.ascii(name), bytes), RespCallback.completing(reply));
    try {
      return reply.get(options.timeoutMillis() + 1000L, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("no reply to " + name + " from " + options.endpointsText(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** Connections up now, to the primary and to replicas. */
  synchronized int openConnections() {
    int n = replicaConnections.countOpen(RespConnection::isOpen);
    for (RespConnection c : connections) {
      n += c.isOpen() ? 1 : 0;
    }
    return n;
  }

  @Override
  public synchronized void close() {
    connections.clear();
    replicaConnections.close();
    client.close();
  }
}
