package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.LatencySections;
import io.github.ycsbtiers.tiered.serve.ReusableStage;
import io.github.ycsbtiers.tiered.serve.StoreLoop;
import io.github.ycsbtiers.tiered.serve.StoreTask;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A client's operation on the asynchronous path: one per binding instance, submitted to the
 * client's store loop again for each operation (one in flight at a time). On the loop: DRAM hits,
 * and on pmem reads of the memory mapping; a read that must wait for the disk or for a writer of
 * its key, and every write (it waits for its commit), go on in the I/O pool. On disk a read issued
 * on a pool thread (its client's last operation completed there) may stay there
 * ({@link StoreLoop#submitLikelyBlocking}): while a client misses, it keeps its pool thread. Each operation
 * records its queueing under {@code [STORE-WAIT]} and, for a read, its service time under the
 * tier that served it; the client's own latency is the runner's.
 */
final class AsyncOperation extends StoreTask {
  private enum Kind { READ, INSERT, UPDATE, DELETE }

  private final TieredClient client;
  private final StoreReads reads;
  private final StoreLoop loop;
  private final boolean readsWait;
  private Kind kind;
  private String key;
  private Set<String> fields;
  private Map<String, ByteIterator> result;
  private Map<String, ByteIterator> values;
  /** Reused, as this object is: one operation in flight. */
  private final ReusableStage<Status> stage = new ReusableStage<>();

  /** @param readsWait whether a read of the persistent tier waits for a device (disk), so goes to the pool */
  AsyncOperation(TieredClient client, StoreReads reads, StoreLoop loop, boolean readsWait) {
    this.client = client;
    this.reads = reads;
    this.loop = loop;
    this.readsWait = readsWait;
  }

  CompletionStage<Status> read(String k, Set<String> f, Map<String, ByteIterator> r) {
    fields = f;
    result = r;
    return submit(Kind.READ, k, null);
  }

  CompletionStage<Status> write(boolean insert, String k, Map<String, ByteIterator> v) {
    return submit(insert ? Kind.INSERT : Kind.UPDATE, k, v);
  }

  CompletionStage<Status> delete(String k) {
    return submit(Kind.DELETE, k, null);
  }

  /**
   * Always queued, never completed here: a read goes to the client's loop, which serves it or hands
   * it on; a write, which always waits for its commit, straight to the I/O pool. Whoever completes
   * it issues the client's next operation.
   */
  private CompletionStage<Status> submit(Kind op, String k, Map<String, ByteIterator> v) {
    kind = op;
    key = k;
    values = v;
    stage.arm();
    if (op == Kind.READ && readsWait) {
      loop.submitLikelyBlocking(this);
    } else if (op == Kind.READ) {
      loop.submit(this);
    } else {
      loop.submitBlocking(this);
    }
    return stage;
  }

  @Override
  protected void serve(StoreLoop on) {
    // only reads reach a loop (submit): writes go to the I/O pool directly
    byte[] v;
    try {
      v = reads.lookupDram(key);
      if (v != null) {
        finishRead(v, TieredClient.READ_DRAM);
        return;
      }
      if (readsWait || (v = reads.readMissedIfFree(key)) == TieredStore.KEY_BUSY) {
        on.offload(this);
        return;
      }
    } catch (RuntimeException e) {
      finish(TieredClient.readFailure(e), null);
      return;
    }
    finishRead(v, TieredClient.READ_PERSISTENT);
  }

  @Override
  protected void serveBlocking() {
    switch (kind) {
      case READ -> {
        byte[] v;
        try {
          v = reads.readMissed(key);
        } catch (RuntimeException e) {
          finish(TieredClient.readFailure(e), null);
          return;
        }
        finishRead(v, TieredClient.READ_PERSISTENT);
      }
      case INSERT -> finish(client.insertNow(key, values), null);
      case UPDATE -> finish(client.updateNow(key, values), null);
      case DELETE -> finish(client.deleteNow(key), null);
    }
  }

  @Override
  protected void failed(Throwable thrown) {
    release();
    stage.complete(null, thrown);
  }

  private void finishRead(byte[] stored, String section) {
    Status s;
    try {
      s = client.decoded(stored, fields, result);
    } catch (RuntimeException e) {
      s = TieredClient.readFailure(e);
    }
    finish(s, section);
  }

  /** Records the wait and (for a read) the service under {@code section}, then completes: the runner may reuse this at once. */
  private void finish(Status status, String section) {
    long now = System.nanoTime();
    LatencySections.record(TieredClient.STORE_WAIT, waitNanos() / 1000);
    if (section != null) {
      LatencySections.record(section, serviceNanos(now) / 1000);
    }
    release();
    stage.complete(status, null);
  }

  private void release() {
    key = null;
    fields = null;
    result = null;
    values = null;
  }
}
