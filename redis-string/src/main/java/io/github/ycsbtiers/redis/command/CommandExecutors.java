package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.redis.internal.FailedOperations;
import io.github.ycsbtiers.redis.internal.SharedConnections;
import io.github.ycsbtiers.redis.options.ClientLibrary;
import io.github.ycsbtiers.redis.options.RedisOptions;

/** Creates the command executor of one binding instance over its lease on the shared client. */
public final class CommandExecutors {
  private CommandExecutors() {
  }

  /**
   * {@code failures}: the binding instance's, shared with its record operations. Null for the
   * binding's own client ({@code netty}), which sends record operations only.
   */
  public static CommandExecutor of(SharedConnections.Lease lease, RedisOptions options, FailedOperations failures) {
    if (options.client() == ClientLibrary.NETTY) {
      return null;
    }
    if (options.client() == ClientLibrary.LETTUCE) {
      return new LettuceCommandExecutor(lease.lettuce().commands(), options.cluster(), failures);
    }
    return new JedisCommandExecutor(lease.jedis(), options.cluster(), failures);
  }

  /** Why commands cannot run asynchronously with these options, or null if they can. */
  public static String asyncUnsupportedReason(RedisOptions options) {
    if (options.client() == ClientLibrary.NETTY) {
      return "redis.client=netty sends record operations only; redis.client=lettuce runs command templates";
    }
    return options.client() == ClientLibrary.LETTUCE ? null
        : "redis.client=jedis sends commands synchronously; redis.client=lettuce runs them asynchronously";
  }
}
