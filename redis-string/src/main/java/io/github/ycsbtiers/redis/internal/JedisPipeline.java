package io.github.ycsbtiers.redis.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * One binding instance's Jedis pipeline on the asynchronous path: commands are appended, and sent
 * with one write and read back with one read of all replies when {@code batch} of them are pending
 * or when the engine is about to wait ({@link #flush}). Every command's future completes from its
 * own reply: OK, NOT_FOUND... or exceptionally with that reply's error; a connection failure fails
 * every command of the pipeline without a reply (on a Cluster, those of the node that failed; the
 * others keep theirs), and the next command opens a new pipeline. Used by one thread.
 */
final class JedisPipeline {
  /**
   * Jedis 5.2's Cluster pipeline logs a node's connection failure and drops it: that node's
   * commands are left without a reply, and the pipeline's own state is left broken (its later
   * commands for the node failed with a NullPointerException, after the node was back too).
   */
  private static final String NODE_LOST = "no reply: the connection to a Cluster node failed (the pipeline is"
      + " replaced)";
  private final UnifiedJedis jedis;
  private final int batch;
  private final List<Pending<?, ?>> pending = new ArrayList<>();
  private AbstractPipeline pipeline;
  private boolean flushing;

  JedisPipeline(UnifiedJedis jedis, int batch) {
    this.jedis = jedis;
    this.batch = batch;
  }

  /** The pipeline to append one command to; opened (a connection borrowed) when needed. */
  AbstractPipeline pipeline() {
    if (pipeline == null) {
      pipeline = jedis.pipelined();
    }
    return pipeline;
  }

  /** Registers the command just appended: its outcome is {@code toStatus} of its reply. */
  <T, R> CompletableFuture<R> sent(Response<T> reply, Function<T, R> toStatus) {
    Pending<T, R> p = new Pending<>(reply, toStatus);
    pending.add(p);
    // while flushing, completions append the next commands; the flush loop sends them
    if (pending.size() >= batch && !flushing) {
      flush();
    }
    return p.future;
  }

  /** Sends the pending commands and completes their futures; completions may append new commands. */
  void flush() {
    if (flushing) {
      return;
    }
    flushing = true;
    try {
      flushAll();
    } finally {
      flushing = false;
    }
  }

  private void flushAll() {
    while (!pending.isEmpty()) {
      List<Pending<?, ?>> sending = new ArrayList<>(pending);
      pending.clear();
      RuntimeException failure = null;
      try {
        pipeline.sync();
      } catch (RuntimeException e) {
        failure = e;
      }
      if (failure == null && !allAnswered(sending)) {
        failure = new JedisConnectionException(NODE_LOST);
      }
      if (failure != null) {
        // before the completions append the next commands: they go to a new pipeline
        close();
      }
      for (Pending<?, ?> p : sending) {
        p.complete(failure);
      }
    }
  }

  private static boolean allAnswered(List<Pending<?, ?>> sent) {
    for (Pending<?, ?> p : sent) {
      if (!p.answered()) {
        return false;
      }
    }
    return true;
  }

  void close() {
    if (pipeline != null) {
      try {
        pipeline.close();
      } catch (RuntimeException e) {
        // a broken connection is being given back; the pool replaces it
      }
      pipeline = null;
    }
  }

  private static final class Pending<T, R> {
    final Response<T> reply;
    final Function<T, R> toStatus;
    final CompletableFuture<R> future = new CompletableFuture<>();

    Pending(Response<T> reply, Function<T, R> toStatus) {
      this.reply = reply;
      this.toStatus = toStatus;
    }

    /** Whether a reply (or an error reply) was read for this command. */
    boolean answered() {
      try {
        reply.get();
        return true;
      } catch (IllegalStateException noReply) {
        // Jedis' "Please close pipeline or multi block before calling this method": nothing was set
        return false;
      } catch (RuntimeException errorReply) {
        return true;
      }
    }

    /** Completes from the reply, or with {@code failure} if the command has none. */
    void complete(RuntimeException failure) {
      if (failure != null && !answered()) {
        future.completeExceptionally(failure);
        return;
      }
      R status;
      try {
        status = toStatus.apply(reply.get());
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
        return;
      }
      future.complete(status);
    }
  }
}
