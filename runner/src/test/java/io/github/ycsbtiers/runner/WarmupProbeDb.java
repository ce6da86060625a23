package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.AsyncDb;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test binding (both interfaces) that tells warm-up operations apart from measured ones without
 * knowing when the warm-up ends: its first {@link #MARKED} calls of the JVM return
 * {@code UNEXPECTED_STATE} after sleeping {@link #MARKED_SLEEP_MS} ms, which a warm-up long enough
 * absorbs whole, so neither the status nor the latency may show up in a measured section. Counts
 * every call and every insert per key.
 */
public class WarmupProbeDb extends DB implements AsyncDb {
  static final AtomicInteger MARKED = new AtomicInteger();
  static volatile int markedSleepMs;
  static final AtomicLong CALLS = new AtomicLong();
  static final Map<String, AtomicInteger> INSERTS = new ConcurrentHashMap<>();
  private static final ExecutorService IO = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "probe-io");
    t.setDaemon(true);
    return t;
  });

  /** The first {@code marked} calls fail after sleeping {@code sleepMs}. */
  static void reset(int marked, int sleepMs) {
    MARKED.set(marked);
    markedSleepMs = sleepMs;
    CALLS.set(0);
    INSERTS.clear();
  }

  private static Status call() {
    CALLS.incrementAndGet();
    if (MARKED.get() > 0 && MARKED.getAndDecrement() > 0) {
      try {
        Thread.sleep(markedSleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Status.UNEXPECTED_STATE;
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return call();
  }

  @Override
  public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return call();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return call();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    INSERTS.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    return call();
  }

  @Override
  public Status delete(String table, String key) {
    return call();
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return CompletableFuture.supplyAsync(() -> read(table, key, fields, result), IO);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.supplyAsync(() -> insert(table, key, values), IO);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return CompletableFuture.supplyAsync(() -> update(table, key, values), IO);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return CompletableFuture.supplyAsync(() -> delete(table, key), IO);
  }
}
