package io.github.ycsbtiers.redis.internal;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulConnection;
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

  static LettuceConnection open(AbstractRedisClient client, List<RedisURI> uris) {
    StatefulConnection<byte[], byte[]> connection;
    RedisClusterAsyncCommands<byte[], byte[]> commands;
    if (client instanceof RedisClusterClient cluster) {
      var c = cluster.connect(ByteArrayCodec.INSTANCE);
      connection = c;
      commands = c.async();
    } else {
      var c = ((io.lettuce.core.RedisClient) client).connect(ByteArrayCodec.INSTANCE, uris.get(0));
      connection = c;
      commands = c.async();
    }
    try {
      // the PING's reply is read on the connection's event loop, which completes it there; a
      // reply that came before the callback was in place leaves it on this thread: ask again
      EventExecutor loop = null;
      for (int attempt = 0; attempt < 3 && loop == null; attempt++) {
        loop = LettuceClient.join(commands.ping().thenApply(pong -> ThreadExecutorMap.currentExecutor())
            .toCompletableFuture());
      }
      return new LettuceConnection(connection, commands, loop);
    } catch (RuntimeException e) {
      connection.close();
      throw e;
    }
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

  @Override
  public void close() {
    try {
      connection.close();
    } catch (RuntimeException e) {
      // the connection is being dropped; nothing to report
    }
  }
}
