package io.github.ycsbtiers.tiered.store.internal;

import io.github.ycsbtiers.tiered.store.engine.DeviceReads;
import io.github.ycsbtiers.tiered.store.engine.EngineFigures;
import io.github.ycsbtiers.tiered.store.engine.StoreException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code tiered.sync=periodic}: a persistent tier opened without syncs, made durable by one daemon
 * thread that calls its {@link PersistentTier#sync} every interval. A sync starts one interval
 * after the previous one started, or at once when that one took longer, so a write acknowledged at
 * time t is durable once the first sync to start after t has returned: by t + interval + that
 * sync's duration (while syncs take less than the interval). A failed sync is final: it is handed
 * to the store's failure count, and from then on every write is refused with it, since the store
 * can no longer keep its promise (after a failed fsync Linux may have dropped the pages, so a later
 * sync that succeeds proves nothing). {@link #close} stops the thread, syncs once more and closes
 * the tier.
 */
public final class PeriodicSyncTier implements PersistentTier {
  private final PersistentTier tier;
  private final long intervalNanos;
  private final Consumer<RuntimeException> onFailure;
  private final Object wakeUp = new Object();
  private final Thread syncer;
  private volatile boolean stopping;
  private volatile StoreException failure;
  // written by the syncer thread only (and by close once it has ended)
  private volatile long syncs;
  private volatile long syncNanos;

  private PeriodicSyncTier(PersistentTier tier, long intervalMillis, Consumer<RuntimeException> onFailure,
      String name) {
    this.tier = tier;
    this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
    this.onFailure = onFailure;
    this.syncer = new Thread(this::run, name);
    syncer.setDaemon(true);
  }

  /**
   * Wraps {@code tier} (opened without syncs) and starts its syncer thread, named {@code name};
   * {@code onFailure} receives a failed sync, once.
   */
  public static PeriodicSyncTier start(PersistentTier tier, long intervalMillis,
      Consumer<RuntimeException> onFailure, String name) {
    PeriodicSyncTier p = new PeriodicSyncTier(tier, intervalMillis, onFailure, name);
    p.syncer.start();
    return p;
  }

  @Override
  public byte[] get(byte[] key) {
    return tier.get(key);
  }

  @Override
  public boolean getInOrder(byte[][] keys, byte[][] values) {
    return tier.getInOrder(keys, values);
  }

  @Override
  public void put(byte[] key, byte[] value) {
    checkWritable();
    tier.put(key, value);
  }

  @Override
  public boolean delete(byte[] key) {
    checkWritable();
    return tier.delete(key);
  }

  @Override
  public void scan(byte[] startKey, EntryVisitor visitor) {
    tier.scan(startKey, visitor);
  }

  @Override
  public void sync() {
    tier.sync();
  }

  @Override
  public long mediumBytes() {
    return tier.mediumBytes();
  }

  @Override
  public int maxKeyBytes() {
    return tier.maxKeyBytes();
  }

  @Override
  public DeviceReads deviceReads(long processReadBytes) {
    return tier.deviceReads(processReadBytes);
  }

  /** The tier's figures, and the syncs so far with their time: {@code PeriodicSyncs}, {@code PeriodicSyncMicros}. */
  @Override
  public EngineFigures figures() {
    EngineFigures inner = tier.figures();
    Map<String, Long> counters = new LinkedHashMap<>(inner.counters());
    counters.put("PeriodicSyncs", syncs);
    counters.put("PeriodicSyncMicros", syncNanos / 1000);
    return new EngineFigures(counters, inner.levels());
  }

  @Override
  public void restartCounts() {
    tier.restartCounts();
  }

  /**
   * Stops the syncer (waiting for a sync under way), syncs what was written since (unless a sync
   * failed before, which was reported then) and closes the tier; throws if that last sync fails.
   */
  @Override
  public void close() {
    stopping = true;
    synchronized (wakeUp) {
      wakeUp.notifyAll();
    }
    boolean interrupted = false;
    while (syncer.isAlive()) {
      try {
        syncer.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    Throwable last = null;
    try {
      if (failure == null) {
        last = syncOnce();
      }
    } finally {
      tier.close();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (last != null) {
      throw new StoreException("tiered.sync=periodic: the last sync, at close, failed: " + describe(last), last);
    }
  }

  private void run() {
    long next = System.nanoTime() + intervalNanos;
    while (awaitNext(next)) {
      long start = System.nanoTime();
      Throwable failed = syncOnce();
      if (failed != null) {
        failure = new StoreException("tiered.sync=periodic: a background sync failed, so the store refuses writes"
            + " from now on: " + describe(failed), failed);
        onFailure.accept(failure);
        return;
      }
      next = start + intervalNanos;
    }
  }

  /** Waits until {@code next} (System.nanoTime); false when the tier is closing. */
  private boolean awaitNext(long next) {
    synchronized (wakeUp) {
      long left;
      while (!stopping && (left = next - System.nanoTime()) > 0) {
        try {
          TimeUnit.NANOSECONDS.timedWait(wakeUp, left);
        } catch (InterruptedException e) {
          // only close stops the syncer, through stopping
        }
      }
      return !stopping;
    }
  }

  /** One sync, counted; why it failed, or null. */
  private Throwable syncOnce() {
    long start = System.nanoTime();
    try {
      tier.sync();
      return null;
    } catch (RuntimeException | Error e) {
      return e;
    } finally {
      syncNanos += System.nanoTime() - start;
      syncs++;
    }
  }

  private static String describe(Throwable e) {
    return e.getMessage() != null ? e.getMessage() : e.toString();
  }

  private void checkWritable() {
    StoreException f = failure;
    if (f != null) {
      throw new StoreException(f.getMessage(), f);
    }
  }
}
