package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.redis.internal.OperationFailures;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.CommandArgs;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import site.ycsb.Status;

/**
 * Commands over the binding's one Lettuce connection, shared by every binding instance. Commands
 * are dispatched as they come (on a Cluster, Lettuce routes each by its key); a pipeline is its
 * commands dispatched back to back; MULTI/EXEC is framed here and written on the connection of the
 * batch's node. Because MULTI is a state of the connection, every dispatch holds the shared
 * connection's monitor, so that no other command lands between a MULTI and its EXEC.
 */
final class LettuceCommandExecutor extends CommandExecutor {
  private final RedisClusterAsyncCommands<byte[], byte[]> commands;
  private final boolean cluster;

  LettuceCommandExecutor(RedisClusterAsyncCommands<byte[], byte[]> commands, boolean cluster,
                         OperationFailures failures) {
    super(failures);
    this.commands = commands;
    this.cluster = cluster;
  }

  @Override
  public Status command(byte[][] args) {
    return join(commandAsync(args));
  }

  @Override
  public Status batch(byte[][][] batch, int count, BatchMode mode) {
    return join(batchAsync(batch, count, mode));
  }

  @Override
  public CompletionStage<Status> commandAsync(byte[][] args) {
    try {
      RedisFuture<Status> sent;
      synchronized (commands) {
        sent = dispatch(commands, args);
      }
      return completed(args, sent);
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(failed(args, e));
    }
  }

  @Override
  public CompletionStage<Status> batchAsync(byte[][][] batch, int count, BatchMode mode) {
    try {
      RedisClusterAsyncCommands<byte[], byte[]> target = commands;
      if (cluster) {
        int slot = slotOf(batch[0]);
        for (int i = 1; i < count; i++) {
          if (slotOf(batch[i]) != slot) {
            return CompletableFuture.completedFuture(failed(batch[i],
                new IllegalArgumentException("a batch on a Cluster must stay on one slot")));
          }
        }
        if (mode == BatchMode.MULTI) {
          target = nodeOf(slot);
        }
      }
      @SuppressWarnings("unchecked")
      CompletionStage<Status>[] replies = new CompletionStage[count + 2];
      int n = 0;
      synchronized (commands) {
        if (mode == BatchMode.MULTI) {
          replies[n++] = completed(batch[0], target.dispatch(CommandName.MULTI, new ReplyOutput(), noArgs()));
        }
        for (int i = 0; i < count; i++) {
          replies[n++] = completed(batch[i], dispatch(target, batch[i]));
        }
        if (mode == BatchMode.MULTI) {
          // a nil EXEC is an aborted transaction
          replies[n++] = completed(batch[0], target.dispatch(CommandName.EXEC, new ReplyOutput(), noArgs()))
              .thenApply(s -> s == Status.NOT_FOUND ? Status.ERROR : s);
        }
      }
      CompletionStage<Status> all = replies[0];
      for (int i = 1; i < n; i++) {
        all = all.thenCombine(replies[i], CommandExecutor::worse);
      }
      return all;
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(failed(batch[0], e));
    }
  }

  private static RedisFuture<Status> dispatch(RedisClusterAsyncCommands<byte[], byte[]> target, byte[][] args) {
    CommandArgs<byte[], byte[]> a = new CommandArgs<>(ByteArrayCodec.INSTANCE);
    if (args.length > 1) {
      a.addKey(args[1]);
      for (int i = 2; i < args.length; i++) {
        a.add(args[i]);
      }
    }
    return target.dispatch(new CommandName(args[0]), new ReplyOutput(), a);
  }

  private static CommandArgs<byte[], byte[]> noArgs() {
    return new CommandArgs<>(ByteArrayCodec.INSTANCE);
  }

  /** The stage of one command: its status, or ERROR counted with the cause. */
  private CompletionStage<Status> completed(byte[][] args, RedisFuture<Status> sent) {
    return sent.handle((status, e) -> {
      if (e != null) {
        return failed(args, e instanceof CompletionException && e.getCause() != null ? e.getCause() : e);
      }
      return status == null ? Status.OK : status;
    });
  }

  /** The node connection serving {@code slot}; Lettuce keeps it open and shares it with its own routing. */
  private RedisClusterAsyncCommands<byte[], byte[]> nodeOf(int slot) {
    RedisAdvancedClusterAsyncCommands<byte[], byte[]> c = (RedisAdvancedClusterAsyncCommands<byte[], byte[]>) commands;
    RedisClusterNode node = c.getStatefulConnection().getPartitions().getPartitionBySlot(slot);
    if (node == null) {
      throw new IllegalStateException("no Cluster node serves slot " + slot);
    }
    return c.getConnection(node.getNodeId());
  }

  private static int slotOf(byte[][] command) {
    return command.length > 1 ? SlotHash.getSlot(command[1]) : 0;
  }

  private static Status join(CompletionStage<Status> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (ExecutionException e) {
      return Status.ERROR;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    }
  }
}
