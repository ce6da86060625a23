package io.github.ycsbtiers.tiered.binding;

import io.github.ycsbtiers.api.AsyncDb;
import io.github.ycsbtiers.api.LatencySections;
import io.github.ycsbtiers.api.MeasurementStart;
import io.github.ycsbtiers.api.PropertyCheck;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.api.LiveFigures;
import io.github.ycsbtiers.api.TimelineSources;
import io.github.ycsbtiers.tiered.store.InvalidKeyException;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.SharedStores;
import io.github.ycsbtiers.tiered.store.engine.StoreException;
import io.github.ycsbtiers.tiered.store.StoreOptions;
import io.github.ycsbtiers.tiered.store.StoreProperties;
import io.github.ycsbtiers.tiered.store.TieredStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding {@code tiered}: the embedded {@link TieredStore}, shared by every client thread of
 * the JVM. The table name is not part of the key (as in the Redis bindings). A missing record is
 * {@code NOT_FOUND}, a key the engine cannot store or a malformed write {@code BAD_REQUEST}, a
 * stored value that is not a record of the layout {@code UNEXPECTED_STATE}; a failure of the
 * persistent tier is {@code ERROR}, counted in {@code [TIER] Failures}, and the first one is printed
 * once at the end. Each read's time in the store is also reported under the tier that served it:
 * {@code [READ-DRAM]} and {@code [READ-PERSISTENT]} sections ({@link LatencySections}).
 *
 * <p>Two paths. Called as a YCSB {@code DB} (upstream's client, the runner's sync engine), an
 * operation runs on the caller's thread. Called as an {@link AsyncDb} (the runner's async engine),
 * the instance is one logical client: its operations are queued on one of the store's loops
 * ({@code tiered.loops}, started on first use) and run there in arrival order, or in the I/O pool
 * when they would block ({@link AsyncOperation}); then the tier sections hold the store's service
 * time alone and {@code [STORE-WAIT]} the queueing. Its {@link #eventLoop} is that loop, so under
 * {@code -target} the runner waits for the client's due times as timers of the loop and issues its
 * operations there, with no hand-over between threads.
 */
public final class TieredClient extends DB implements AsyncDb, PropertyCheck {
  /** Report sections of reads by the tier that served them; together they are the READ section. */
  static final String READ_DRAM = "READ-DRAM";
  static final String READ_PERSISTENT = "READ-PERSISTENT";
  /** Report section of the asynchronous path: each operation's time queued in the store before it was served. */
  static final String STORE_WAIT = "STORE-WAIT";
  /** This client's last read's tier, reused: one instance per client thread. */
  private final TieredStore.ReadTier tier = new TieredStore.ReadTier();
  private SharedStores.Handle handle;
  private TieredStore store;
  /** Restarts the store's operation counts when measuring starts after a warm-up. */
  private Runnable restartCounts;
  private RecordCodec codec;
  private StoreService service;
  /** This client's number among the store's clients: binds it to a store loop, round robin. */
  private int clientNumber;
  /** This client's operation on the asynchronous path, made at its first one. */
  private AsyncOperation async;
  /** The thread that last called a synchronous method; {@link StoreService} counts each once. */
  private Thread caller;

  /** The store's and the record layout's properties, parsed as {@code init} does; nothing opened or created. */
  @Override
  public void checkProperties() {
    try {
      StoreOptions options = StoreOptions.fromProperties(getProperties());
      RecordCodec.fromProperties(getProperties());
      java.nio.file.Path parent = options.path().toAbsolutePath().getParent();
      if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
        // as the store says when it opens, but before anything starts
        throw PropertyException.badValue(StoreProperties.PATH, getProperties().getProperty(StoreProperties.PATH,
            options.path().toString()), "a directory whose parent exists (" + parent + " does not; the store creates"
            + " only its own directory)");
      }
    } catch (StoreException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public void init() throws DBException {
    StoreOptions options;
    try {
      options = StoreOptions.fromProperties(getProperties());
      codec = RecordCodec.fromProperties(getProperties());
      handle = SharedStores.acquire(options);
    } catch (StoreException | IllegalArgumentException e) {
      throw new DBException(e.getMessage(), e);
    }
    store = handle.store();
    service = handle.companion(() -> new StoreService(options));
    clientNumber = service.clientAdded();
    restartCounts = store::restartCounts;
    MeasurementStart.register(restartCounts);
    if (handle.openedStore()) {
      TimelineSources.register(new TierRows(store, service.usage()));
      LiveFigures.register(new TierFigures(store));
      try {
        StartupReport.print(System.err, options, store.stats(), store.warmupNote(), store.directIoNote());
      } catch (RuntimeException e) {
        // the runner does not clean up a binding whose init failed: give the store back here
        handle.release(stats -> { });
        handle = null;
        TierRows.unregisterFor(store);
        TierFigures.unregisterFor(store);
        throw new DBException(e.getMessage(), e);
      }
    }
  }

  /** The last client of the store publishes {@code [TIER]} and closes it. */
  @Override
  public void cleanup() {
    if (handle == null) {
      return;
    }
    MeasurementStart.unregister(restartCounts);
    TieredStore closing = store;
    StoreService served = service;
    handle.release(stats -> {
      TierRows.retireFor(closing);
      TierFigures.unregisterFor(closing);
      StoreService.Figures figures = served.figures();
      ResultSections.publish(TierSection.of(stats, figures, served.usageFigures()));
      if (stats.failures() > 0) {
        System.err.println("tiered: " + stats.failures() + " operations failed; the first: " + stats.firstFailure());
      }
      if (figures.oversubscribed()) {
        System.err.println(figures.oversubscriptionNote());
      }
    });
    if (closing.saveNote() != null) {
      System.err.println("tiered: warning: " + closing.saveNote());
    }
    handle = null;
    store = null;
    async = null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    calledBy(Thread.currentThread());
    try {
      long start = System.nanoTime();
      byte[] stored = store.get(key, tier);
      LatencySections.record(tier.dram() ? READ_DRAM : READ_PERSISTENT, (System.nanoTime() - start) / 1000);
      return decoded(stored, fields, result);
    } catch (RuntimeException e) {
      return readFailure(e);
    }
  }

  /** A read's status once the store answered: NOT_FOUND for null, else OK with {@code result} filled. */
  Status decoded(byte[] stored, Set<String> fields, Map<String, ByteIterator> result) {
    if (stored == null) {
      return Status.NOT_FOUND;
    }
    codec.decode(stored, fields, result);
    return Status.OK;
  }

  /** A read's status for what it threw. */
  static Status readFailure(RuntimeException e) {
    if (e instanceof InvalidKeyException) {
      return Status.BAD_REQUEST;
    }
    // IllegalArgumentException: a stored value that is not a record of this layout
    return e instanceof IllegalArgumentException ? Status.UNEXPECTED_STATE : Status.ERROR;
  }

  private void calledBy(Thread t) {
    if (t != caller) {
      caller = t;
      service.called(t);
    }
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    AsyncOperation op = operation();
    return op == null ? closed() : op.read(key, fields, result);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    AsyncOperation op = operation();
    return op == null ? closed() : op.write(true, key, values);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    AsyncOperation op = operation();
    return op == null ? closed() : op.write(false, key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    AsyncOperation op = operation();
    return op == null ? closed() : op.delete(key);
  }

  /**
   * This client's operation, made at its first one on the loop its number binds it to (starting
   * the loops if it is the store's first); null before init or after cleanup.
   */
  private AsyncOperation operation() {
    if (async == null && store != null) {
      readThrough(new StoreReads(store));
    }
    return async;
  }

  /** Makes this client's asynchronous operation read through {@code reads}: the store, or a test's wrapper of it. */
  void readThrough(StoreReads reads) {
    async = new AsyncOperation(this, reads, service.loopOf(clientNumber), store.options().medium() == Medium.DISK);
  }

  /** The store this client uses; null before init. */
  TieredStore store() {
    return store;
  }

  /**
   * The loop this client's operations are served on, as an executor of timers on its thread
   * (starting the loops if this is the store's first client to use them); null before init or
   * after cleanup. Once the store closes the loop, it rejects timers, and the runner's driver
   * takes the client back.
   */
  @Override
  public ScheduledExecutorService eventLoop() {
    return store == null ? null : service.loopOf(clientNumber).scheduler();
  }

  private static CompletionStage<Status> closed() {
    return CompletableFuture.completedFuture(Status.ERROR);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    calledBy(Thread.currentThread());
    try {
      store.scan(startkey, recordcount, (key, value) -> {
        HashMap<String, ByteIterator> record = new HashMap<>();
        codec.decode(value, fields, record);
        result.add(record);
      });
      return Status.OK;
    } catch (InvalidKeyException e) {
      return Status.BAD_REQUEST;
    } catch (IllegalArgumentException e) {
      return Status.UNEXPECTED_STATE;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    calledBy(Thread.currentThread());
    return updateNow(key, values);
  }

  /** An update on this thread, synchronous or for the asynchronous path's I/O pool. */
  Status updateNow(String key, Map<String, ByteIterator> values) {
    try {
      if (!codec.merges(values)) {
        // every field written: no need to read the record (and, as in redis-string, no NOT_FOUND)
        store.put(key, codec.encode(values));
        return Status.OK;
      }
      try {
        return store.update(key, stored -> codec.merge(stored, values)) ? Status.OK : Status.NOT_FOUND;
      } catch (IllegalArgumentException e) {
        return Status.UNEXPECTED_STATE; // the stored value is not a record of this layout
      }
    } catch (InvalidKeyException | IllegalArgumentException e) {
      return Status.BAD_REQUEST;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    calledBy(Thread.currentThread());
    return insertNow(key, values);
  }

  /** An insert on this thread, synchronous or for the asynchronous path's I/O pool. */
  Status insertNow(String key, Map<String, ByteIterator> values) {
    try {
      store.put(key, codec.encode(values));
      return Status.OK;
    } catch (InvalidKeyException | IllegalArgumentException e) {
      return Status.BAD_REQUEST;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }

  @Override
  public Status delete(String table, String key) {
    calledBy(Thread.currentThread());
    return deleteNow(key);
  }

  /** A delete on this thread, synchronous or for the asynchronous path's I/O pool. */
  Status deleteNow(String key) {
    try {
      return store.delete(key) ? Status.OK : Status.NOT_FOUND;
    } catch (InvalidKeyException e) {
      return Status.BAD_REQUEST;
    } catch (RuntimeException e) {
      return Status.ERROR;
    }
  }
}
