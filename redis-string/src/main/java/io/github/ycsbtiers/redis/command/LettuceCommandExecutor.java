package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.redis.internal.FailedOperations;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.RedisCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import site.ycsb.Status;

/**
 * Commands over the binding instance's Lettuce connection, its own or one shared with others
 * ({@code redis.connections}); on a Cluster, Lettuce routes a command by its key. MULTI/EXEC is
 * framed here (see
 * {@link CommandName}). On a Cluster a batch (one slot) goes to the connection of the node that
 * serves its slot.
 *
 * <p>Every dispatch of this path is made by one thread, {@link #WRITER}. Lettuce writes a
 * collection of commands to its channel one command at a time, and a write from a thread other
 * than the channel's event loop becomes a task of that loop; two threads dispatching batches at
 * once (or an I/O thread sending the next command inline) could put one client's MULTI inside
 * another's transaction ("ERR MULTI calls can not be nested"). A single writer queues each batch's
 * writes one after the other, so nothing lands between a MULTI and its EXEC. It costs a hand-over
 * between threads per command.
 */
final class LettuceCommandExecutor extends CommandExecutor {
  /** The one thread that dispatches every command and batch of this path (see above). */
  private static final ExecutorService WRITER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "lettuce-command-writer");
    t.setDaemon(true);
    return t;
  });

  private final RedisClusterAsyncCommands<byte[], byte[]> commands;
  private final StatefulConnection<byte[], byte[]> connection;
  private final boolean cluster;
  /** Node id to its connection, for batches on a Cluster. */
  private final Map<String, StatefulConnection<byte[], byte[]>> nodes = new ConcurrentHashMap<>();

  LettuceCommandExecutor(RedisClusterAsyncCommands<byte[], byte[]> commands, boolean cluster,
                         FailedOperations failures) {
    super(failures);
    this.commands = commands;
    this.cluster = cluster;
    this.connection = cluster ? ((RedisAdvancedClusterAsyncCommands<byte[], byte[]>) commands).getStatefulConnection()
        : ((RedisAsyncCommands<byte[], byte[]>) commands).getStatefulConnection();
  }

  @Override
  public Status command(byte[][] args) {
    return settle(args, dispatch(args));
  }

  @Override
  public Status batch(byte[][][] batch, int count, BatchMode mode) {
    return settle(batch[0], dispatch(batch, count, mode));
  }

  @Override
  public CompletionStage<Status> commandAsync(byte[][] args) {
    return settleAsync(args, dispatch(args));
  }

  @Override
  public CompletionStage<Status> batchAsync(byte[][][] batch, int count, BatchMode mode) {
    return settleAsync(batch[0], dispatch(batch, count, mode));
  }

  /** The command's status (error replies counted); fails if the server could not be reached. */
  private CompletionStage<Status> dispatch(byte[][] args) {
    return onWriter(() -> replied(args, commands.dispatch(new CommandName(args[0]), new ReplyOutput(),
        arguments(args))));
  }

  /** Runs {@code send} on {@link #WRITER}; the stage completes as the one {@code send} returns. */
  private static CompletionStage<Status> onWriter(Supplier<CompletionStage<Status>> send) {
    CompletableFuture<Status> done = new CompletableFuture<>();
    try {
      WRITER.execute(() -> {
        try {
          send.get().whenComplete((status, e) -> {
            if (e != null) {
              done.completeExceptionally(e);
            } else {
              done.complete(status);
            }
          });
        } catch (RuntimeException e) {
          done.completeExceptionally(e);
        }
      });
    } catch (RuntimeException e) {
      done.completeExceptionally(e);
    }
    return done;
  }

  /** The batch's worst status (error replies counted); fails if the server could not be reached. */
  private CompletionStage<Status> dispatch(byte[][][] batch, int count, BatchMode mode) {
    if (!cluster) {
      return onWriter(() -> send(connection, batch, count, mode));
    }
    int slot = slotOf(batch[0]);
    for (int i = 1; i < count; i++) {
      if (slotOf(batch[i]) != slot) {
        return CompletableFuture.completedFuture(counted(batch[i],
            new IllegalArgumentException("a batch on a Cluster must stay on one slot")));
      }
    }
    try {
      // both modes go to the node's own connection: the Cluster connection does not complete a
      // collection of commands dispatched at once
      return nodeOf(slot).thenCompose(node -> onWriter(() -> send(node, batch, count, mode)));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private CompletionStage<Status> send(StatefulConnection<byte[], byte[]> target, byte[][][] batch, int count,
                                       BatchMode mode) {
    try {
      boolean multi = mode == BatchMode.MULTI;
      List<RedisCommand<byte[], byte[], ?>> sending = new ArrayList<>(count + 2);
      List<CompletionStage<Status>> replies = new ArrayList<>(count + 2);
      if (multi) {
        add(sending, replies, batch[0], CommandName.MULTI, new CommandArgs<>(ByteArrayCodec.INSTANCE));
      }
      for (int i = 0; i < count; i++) {
        add(sending, replies, batch[i], new CommandName(batch[i][0]), arguments(batch[i]));
      }
      if (multi) {
        add(sending, replies, batch[0], CommandName.EXEC, new CommandArgs<>(ByteArrayCodec.INSTANCE));
        // a nil EXEC is an aborted transaction
        int last = replies.size() - 1;
        replies.set(last, replies.get(last).thenApply(s -> s == Status.NOT_FOUND ? Status.ERROR : s));
      }
      target.dispatch(sending);
      CompletionStage<Status> all = replies.get(0);
      for (int i = 1; i < replies.size(); i++) {
        all = all.thenCombine(replies.get(i), CommandExecutor::worse);
      }
      return all;
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private void add(List<RedisCommand<byte[], byte[], ?>> sending, List<CompletionStage<Status>> replies,
                   byte[][] args, CommandName name, CommandArgs<byte[], byte[]> arguments) {
    AsyncCommand<byte[], byte[], Status> c = new AsyncCommand<>(new Command<>(name, new ReplyOutput(), arguments));
    sending.add(c);
    replies.add(replied(args, c));
  }

  private static CommandArgs<byte[], byte[]> arguments(byte[][] args) {
    CommandArgs<byte[], byte[]> a = new CommandArgs<>(ByteArrayCodec.INSTANCE);
    if (args.length > 1) {
      a.addKey(args[1]);
      for (int i = 2; i < args.length; i++) {
        a.add(args[i]);
      }
    }
    return a;
  }

  /**
   * The stage of one command: its status, or ERROR for an error reply (counted); a failure without
   * a reply (or a MOVED, CLUSTERDOWN... reply) fails the stage, for {@code settle} to back off.
   */
  private CompletionStage<Status> replied(byte[][] args, CompletionStage<Status> sent) {
    return sent.handle((status, e) -> {
      if (e == null) {
        return status == null ? Status.OK : status;
      }
      Throwable cause = FailedOperations.unwrap(e);
      if (!FailedOperations.isReply(cause)) {
        throw cause instanceof CompletionException c ? c : new CompletionException(cause);
      }
      return counted(args, cause);
    });
  }

  /**
   * The connection of the node serving {@code slot}; Lettuce keeps it open and shares it with its
   * own routing. Never waits: the async engine sends from Lettuce's I/O thread, where waiting for a
   * connection to open would wait forever.
   */
  private CompletionStage<StatefulConnection<byte[], byte[]>> nodeOf(int slot) {
    StatefulRedisClusterConnection<byte[], byte[]> c = (StatefulRedisClusterConnection<byte[], byte[]>) connection;
    RedisClusterNode node = c.getPartitions().getPartitionBySlot(slot);
    if (node == null) {
      return CompletableFuture.failedFuture(new IllegalStateException("no Cluster node serves slot " + slot));
    }
    StatefulConnection<byte[], byte[]> open = nodes.get(node.getNodeId());
    if (open != null) {
      return CompletableFuture.completedFuture(open);
    }
    return c.getConnectionAsync(node.getNodeId()).thenApply(opened -> {
      nodes.put(node.getNodeId(), opened);
      return opened;
    });
  }

  private static int slotOf(byte[][] command) {
    return command.length > 1 ? SlotHash.getSlot(command[1]) : 0;
  }
}
