package io.github.ycsbtiers.redis.internal;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One Lettuce connection of a {@link LettuceClient} (a Cluster connection, with a connection to
 * each node it reaches, with {@code redis.cluster=true}), and the event loop that reads its replies.
 * Opened with a PING, so a connection that cannot be used fails in init.
 */
public final class LettuceConnection implements AutoCloseable {
  private final StatefulConnection<byte[], byte[]> connection;
  private final RedisClusterAsyncCommands<byte[], byte[]> commands;
  private final ScheduledExecutorService eventLoop;

  private LettuceConnection(StatefulConnection<byte[], byte[]> connection,
                            RedisClusterAsyncCommands<byte[], byte[]> commands, ScheduledExecutorService eventLoop) {
    this.connection = connection;
    this.commands = commands;
    this.eventLoop = eventLoop;
  }

  /**
   * Attempts at a connection that may be closed under it. Lettuce's hand-shake time-out runs on
   * another thread than the hand-shake: one that ends as the time-out fires can hand over a
   * connection that the time-out then closes, before or after its first command (a PING here),
   * so that a command is rejected ("Currently not connected") or dropped ("Connection
   * disconnected"). The time-out fires no earlier than its length after the connection started
   * (Netty's timer never fires early), so a hand-shake that ended sooner is safe; one that took
   * longer is dropped and opened again, as is one whose PING failed so. A server that keeps
   * failing the hand-shake fails on the last attempt.
   */
  private static final int OPEN_ATTEMPTS = 3;

  static LettuceConnection open(AbstractRedisClient client, List<RedisURI> uris) {
    return open(client, uris, null);
  }

  /** As {@link #open(AbstractRedisClient, List)}; a Cluster connection reads from {@code readFrom}'s nodes (null: primaries). */
  static LettuceConnection open(AbstractRedisClient client, List<RedisURI> uris, io.lettuce.core.ReadFrom readFrom) {
    long handshakeTimeout = uris.get(0).getTimeout().toNanos();
    for (int attempt = 1; ; attempt++) {
      long start = System.nanoTime();
      StatefulConnection<byte[], byte[]> connection = connect(client, uris);
      if (readFrom != null && connection instanceof StatefulRedisClusterConnection<?, ?> c) {
        c.setReadFrom(readFrom);
      }
      try {
        if (System.nanoTime() - start >= handshakeTimeout) {
          throw new RedisConnectionException("the connection hand-shake took longer than its time-out of "
              + uris.get(0).getTimeout().toMillis() + " ms");
        }
        return checked(connection);
      } catch (RuntimeException e) {
        connection.close();
        if (attempt == OPEN_ATTEMPTS || !closedAtOpen(e)) {
          throw e;
        }
      }
    }
  }

  private static StatefulConnection<byte[], byte[]> connect(AbstractRedisClient client, List<RedisURI> uris) {
    if (client instanceof RedisClusterClient cluster) {
      return cluster.connect(ByteArrayCodec.INSTANCE);
    }
    return ((io.lettuce.core.RedisClient) client).connect(ByteArrayCodec.INSTANCE, uris.get(0));
  }

  private static boolean closedAtOpen(RuntimeException e) {
    // too slow a hand-shake, or a PING rejected before it was written or cancelled when the
    // closing channel drained its commands
    String message = String.valueOf(e.getMessage());
    return e instanceof RedisConnectionException
        || e instanceof io.lettuce.core.RedisException
        && (message.startsWith("Currently not connected") || message.equals("Connection disconnected"));
  }

  @SuppressWarnings("unchecked")
  private static LettuceConnection checked(StatefulConnection<byte[], byte[]> connection) {
    RedisClusterAsyncCommands<byte[], byte[]> commands = connection instanceof StatefulRedisClusterConnection<?, ?> c
        ? ((StatefulRedisClusterConnection<byte[], byte[]>) c).async()
        : ((StatefulRedisConnection<byte[], byte[]>) connection).async();
    // the PING's reply is read on the connection's event loop, which completes it there; a
    // reply that came before the callback was in place leaves it on this thread: ask again
    EventExecutor loop = null;
    for (int attempt = 0; attempt < 3 && loop == null; attempt++) {
      loop = LettuceClient.join(commands.ping().thenApply(pong -> ThreadExecutorMap.currentExecutor())
          .toCompletableFuture());
    }
    return new LettuceConnection(connection, commands, loop);
  }

  /** Commands on this connection; thread-safe, as Lettuce's connections are. */
  public RedisClusterAsyncCommands<byte[], byte[]> commands() {
    return commands;
  }

  /**
   * The event loop that completed this connection's first reply, and so completes its commands
   * (on a standalone server; a Cluster connection's nodes may each have another); null if the
   * reply came before the callback was in place.
   */
  public ScheduledExecutorService eventLoop() {
    return eventLoop;
  }

  /** Whether the connection is up now. */
  boolean isOpen() {
    return connection.isOpen();
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (RuntimeException e) {
      // the connection is being dropped; nothing to report
    }
  }
}
