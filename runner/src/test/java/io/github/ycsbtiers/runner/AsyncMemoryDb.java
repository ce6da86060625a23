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
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test binding with both interfaces over one in-memory map shared by every instance of the JVM;
 * asynchronous operations complete on a separate "I/O" thread, as a network client's do. Keeps
 * the most operations ever in flight at once, so tests can see that {@code -threads} were.
 */
public class AsyncMemoryDb extends DB implements AsyncDb {
  static final Map<String, Map<String, byte[]>> RECORDS = new ConcurrentHashMap<>();
  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  private static final ExecutorService IO = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "test-io");
    t.setDaemon(true);
    return t;
  });

  static void reset() {
    RECORDS.clear();
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, byte[]> r = RECORDS.get(key);
    if (r == null) {
      return Status.NOT_FOUND;
    }
    for (Map.Entry<String, byte[]> f : r.entrySet()) {
      if (fields == null || fields.contains(f.getKey())) {
        result.put(f.getKey(), new ByteArrayByteIterator(f.getValue()));
      }
    }
    return Status.OK;
  }

  @Override
  public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> r = RECORDS.get(key);
    if (r == null) {
      return Status.NOT_FOUND;
    }
    synchronized (r) {
      values.forEach((k, v) -> r.put(k, v.toArray()));
    }
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> r = new ConcurrentHashMap<>();
    values.forEach((k, v) -> r.put(k, v.toArray()));
    RECORDS.put(key, r);
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return RECORDS.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return later(() -> read(table, key, fields, result));
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return later(() -> insert(table, key, values));
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return later(() -> update(table, key, values));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return later(() -> delete(table, key));
  }

  private static CompletionStage<Status> later(java.util.function.Supplier<Status> op) {
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    return CompletableFuture.supplyAsync(() -> {
      try {
        return op.get();
      } finally {
        IN_FLIGHT.decrementAndGet();
      }
    }, IO);
  }

  /** Every read and update takes {@link #MILLIS} ms, on either engine (asynchronously on the "I/O" thread). */
  public static class Slow extends AsyncMemoryDb {
    static final long MILLIS = 5;

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      pause();
      return super.read(table, key, fields, result);
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      pause();
      return super.update(table, key, values);
    }

    private static void pause() {
      java.util.concurrent.locks.LockSupport.parkNanos(MILLIS * 1_000_000);
    }
  }

  /** Refuses the asynchronous path when asked to, as a binding whose async support depends on a setting. */
  public static class Refusing extends AsyncMemoryDb {
    @Override
    public String asyncUnsupportedReason() {
      return "test.client=blocking has no asynchronous path";
    }
  }

  /** init fails, as with an unreachable server. */
  public static class FailingInit extends AsyncMemoryDb {
    @Override
    public void init() throws site.ycsb.DBException {
      throw new site.ycsb.DBException("cannot connect to 127.0.0.1:1");
    }
  }

  /** Throws an Error while sending a read, which kills the engine thread that sent it. */
  public static class Dying extends AsyncMemoryDb {
    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                             Map<String, ByteIterator> result) {
      throw new AssertionError("binding bug");
    }
  }

  /** Throws an Error while sending the 200th read, on the "I/O" thread that completed the one before. */
  public static class DyingLater extends AsyncMemoryDb {
    private static final AtomicInteger READS = new AtomicInteger();

    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                             Map<String, ByteIterator> result) {
      if (READS.incrementAndGet() == 200) {
        throw new AssertionError("binding bug on the I/O thread");
      }
      return super.readAsync(table, key, fields, result);
    }
  }

  /** Every asynchronous read fails, as on a lost connection. */
  public static class FailingReads extends AsyncMemoryDb {
    @Override
    public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                             Map<String, ByteIterator> result) {
      return CompletableFuture.failedFuture(new IllegalStateException("connection reset"));
    }
  }
}
