package io.github.ycsbtiers.redis.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;

/**
 * One binding instance's Jedis pipeline on the asynchronous path: commands are appended, and sent
 * with one write and read back with one read of all replies when {@code batch} of them are pending
 * or when the engine is about to wait ({@link #flush}). Every command's future completes from its
 * own reply: OK, NOT_FOUND... or exceptionally with that reply's error; a connection failure fails
 * every command of the pipeline, and the next command opens a new one. Used by one thread.
 */
final class JedisPipeline {
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
        close();
      }
      for (Pending<?, ?> p : sending) {
        p.complete(failure);
      }
    }
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

    void complete(RuntimeException failure) {
      if (failure != null) {
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
