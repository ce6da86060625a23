package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.CommandGroup;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The commands of one command group on one record, sent without waiting: the asynchronous twin
 * of {@link RecordCommands}, with the same semantics (a missing record is {@link Status#NOT_FOUND}).
 * A failed command completes the stage exceptionally; the binding turns that into
 * {@link Status#ERROR}. A read fills {@code result} before its stage completes.
 */
public interface AsyncRecordCommands {
  CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values);

  CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values);

  CompletionStage<Status> delete(byte[] key);

  /** Sends what is buffered; nothing for clients that send every command at once. */
  default void flush() {
  }

  /** Gives back what this instance holds (a pipeline's connection); not the shared client. */
  default void close() {
  }

  /**
   * The commands of {@code options.commandGroup()} on a connection of the binding's own client;
   * they settle themselves ({@link #settles}) with {@code failures}.
   */
  static AsyncRecordCommands of(io.github.ycsbtiers.redis.resp.RespConnection connection, RedisOptions options,
                                FailedOperations failures) {
    if (options.commandGroup() == CommandGroup.HASH) {
      return new NettyHashRecords(connection, options, failures);
    }
    return new NettyStringRecords(connection, options, failures);
  }

  /**
   * Whether a stage always completes normally, a failure already counted and turned into ERROR
   * (after the backoff pause); otherwise the binding settles it.
   */
  default boolean settles() {
    return false;
  }

  /** The commands of {@code options.commandGroup()} on a shared Lettuce connection. */
  static AsyncRecordCommands of(RedisClusterAsyncCommands<byte[], byte[]> commands, RedisOptions options) {
    if (options.commandGroup() == CommandGroup.HASH) {
      return new LettuceHashRecords(commands, options);
    }
    return new LettuceStringRecords(commands, options);
  }
}
