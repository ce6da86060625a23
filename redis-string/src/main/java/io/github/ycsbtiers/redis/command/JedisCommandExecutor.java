package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.redis.internal.FailedOperations;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import redis.clients.jedis.Connection;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.JedisClusterCRC16;
import site.ycsb.Status;

/**
 * Commands over the binding's Jedis pool. One command goes through the pool (Jedis routes it by
 * its key on a Cluster, following MOVED); a batch borrows one connection (on a Cluster, the one of
 * the batch's slot), writes every command, and reads every reply. Jedis has no asynchronous API:
 * the asynchronous methods run synchronously and return a completed stage.
 */
final class JedisCommandExecutor extends CommandExecutor {
  private final UnifiedJedis jedis;
  private final boolean cluster;

  JedisCommandExecutor(UnifiedJedis jedis, boolean cluster, FailedOperations failures) {
    super(failures);
    this.jedis = jedis;
    this.cluster = cluster;
  }

  @Override
  public Status command(byte[][] args) {
    try {
      CommandName name = new CommandName(args[0]);
      byte[][] rest = Arrays.copyOfRange(args, 1, args.length);
      Object reply = rest.length > 0 ? jedis.sendCommand(rest[0], name, rest) : jedis.sendCommand(name, rest);
      return reached(args, reply == null ? Status.NOT_FOUND : Status.OK);
    } catch (RuntimeException e) {
      return failed(args, e);
    }
  }

  @Override
  public Status batch(byte[][][] commands, int count, BatchMode mode) {
    int slot = -1;
    if (cluster) {
      slot = slotOf(commands[0]);
      for (int i = 1; i < count; i++) {
        if (slotOf(commands[i]) != slot) {
          return counted(commands[i], new IllegalArgumentException("a batch on a Cluster must stay on one slot"));
        }
      }
    }
    try (Connection c = cluster ? ((JedisCluster) jedis).getConnectionFromSlot(slot)
        : ((JedisPooled) jedis).getPool().getResource()) {
      boolean multi = mode == BatchMode.MULTI;
      if (multi) {
        c.sendCommand(CommandName.MULTI);
      }
      for (int i = 0; i < count; i++) {
        c.sendCommand(new CommandName(commands[i][0]), Arrays.copyOfRange(commands[i], 1, commands[i].length));
      }
      if (multi) {
        c.sendCommand(CommandName.EXEC);
      }
      List<Object> replies = c.getMany(multi ? count + 2 : count);
      return reached(commands[0], multi ? transaction(commands, count, replies) : pipeline(commands, count, replies));
    } catch (RuntimeException e) {
      return failed(commands[0], e);
    }
  }

  private Status pipeline(byte[][][] commands, int count, List<Object> replies) {
    Status status = Status.OK;
    for (int i = 0; i < count; i++) {
      status = worse(status, statusOf(commands[i], replies.get(i)));
    }
    return status;
  }

  /** Replies: OK to MULTI, QUEUED (or an error) per command, then EXEC's array of replies. */
  private Status transaction(byte[][][] commands, int count, List<Object> replies) {
    for (int i = 0; i <= count; i++) {
      if (replies.get(i) instanceof JedisDataException e) {
        return replied(i == 0 ? commands[0] : commands[i - 1], e);
      }
    }
    Object exec = replies.get(count + 1);
    if (exec instanceof JedisDataException e) {
      return replied(commands[0], e);
    }
    if (!(exec instanceof List<?> results)) {
      return counted(commands[0], new IllegalStateException("EXEC returned " + exec));
    }
    Status status = Status.OK;
    for (int i = 0; i < results.size() && i < count; i++) {
      status = worse(status, statusOf(commands[i], results.get(i)));
    }
    return status;
  }

  private Status statusOf(byte[][] command, Object reply) {
    if (reply instanceof JedisDataException e) {
      return replied(command, e);
    }
    return reply == null ? Status.NOT_FOUND : Status.OK;
  }

  /**
   * An error reply in a batch: counted, ERROR; one that says the key is not served now (MOVED,
   * CLUSTERDOWN...) fails the whole batch as out of reach (thrown to {@link #batch}'s handler).
   */
  private Status replied(byte[][] command, JedisDataException e) {
    if (!FailedOperations.isReply(e)) {
      throw e;
    }
    return counted(command, e);
  }

  private static int slotOf(byte[][] command) {
    return command.length > 1 ? JedisClusterCRC16.getSlot(command[1]) : 0;
  }

  @Override
  public CompletionStage<Status> commandAsync(byte[][] args) {
    return CompletableFuture.completedFuture(command(args));
  }

  @Override
  public CompletionStage<Status> batchAsync(byte[][][] commands, int count, BatchMode mode) {
    return CompletableFuture.completedFuture(batch(commands, count, mode));
  }
}
