package io.github.ycsbtiers.redis.internal;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The synchronous path over asynchronous commands (Lettuce under the {@code sync} engine or
 * upstream YCSB): each call sends and waits. The commands' own timeout ({@code redis.timeout})
 * bounds the wait; a failure is thrown as the command's exception, as Jedis throws.
 */
final class BlockingRecords implements RecordCommands {
  private final AsyncRecordCommands commands;

  BlockingRecords(AsyncRecordCommands commands) {
    this.commands = commands;
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    return await(commands.insert(key, values));
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(commands.read(key, fields, result));
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    return await(commands.update(key, values));
  }

  @Override
  public Status delete(byte[] key) {
    return await(commands.delete(key));
  }

  private static Status await(CompletionStage<Status> stage) {
    try {
      return stage.toCompletableFuture().get();
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause.getMessage(), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
