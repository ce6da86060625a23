package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import io.github.ycsbtiers.api.PropertyException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One store per path per JVM: the first {@link #acquire} of a path opens its store, later ones
 * share it, and the last {@link Handle#release} closes it. This is how YCSB's one-binding-instance
 * per thread model shares an embedded store.
 */
public final class SharedStores {
  private static final Map<Path, Shared> OPEN = new HashMap<>();

  private SharedStores() {
  }

  /**
   * A handle on the store at {@code options.path()}, opening it if this JVM has not. Options must
   * equal those it was opened with.
   */
  public static synchronized Handle acquire(StoreOptions options) {
    Shared shared = OPEN.get(options.path());
    if (shared == null) {
      shared = new Shared(TieredStore.open(options));
      OPEN.put(options.path(), shared);
    } else if (!shared.store.options().equals(options)) {
      throw PropertyException.badValue(StoreProperties.PATH, options.path().toString(), "a path not open in this JVM"
          + " with other options (it is, with " + shared.store.options() + "; one store per path per JVM)");
    }
    // a prepared store's first user is the one that sets it up, as if it had opened it
    boolean opened = !shared.acquired;
    shared.acquired = true;
    shared.references++;
    return new Handle(shared, opened);
  }

  /**
   * Opens the store at {@code options.path()} with {@code engine}'s settings, for the first {@link
   * #acquire} of these options to take up; it stays open until its users have released it. Tests
   * in this package open stores so that the binding above runs on them unchanged.
   */
  static synchronized void prepare(StoreOptions options, EngineSettings engine) {
    if (OPEN.containsKey(options.path())) {
      throw new IllegalStateException(options.path() + " is open in this JVM already");
    }
    OPEN.put(options.path(), new Shared(TieredStore.open(options, engine)));
  }

  private static synchronized void release(Shared shared, Consumer<TierStats> beforeClose) {
    if (--shared.references > 0) {
      return;
    }
    OPEN.remove(shared.store.options().path());
    try {
      closeCompanion(shared);
      beforeClose.accept(shared.store.stats());
    } finally {
      shared.store.close();
    }
  }

  private static void closeCompanion(Shared shared) {
    if (shared.companion == null) {
      return;
    }
    try {
      shared.companion.close(); // whatever serves the store stops before it closes
    } catch (Exception e) {
      throw new StoreException("stopping what serves the store at " + shared.store.options().path() + " failed: " + e, e);
    }
  }

  private static final class Shared {
    final TieredStore store;
    int references;
    boolean acquired;
    AutoCloseable companion;

    Shared(TieredStore store) {
      this.store = store;
    }
  }

  /** One user's reference; release it once. */
  public static final class Handle implements AutoCloseable {
    private final Shared shared;
    private final boolean opened;
    private boolean released;

    private Handle(Shared shared, boolean opened) {
      this.shared = shared;
      this.opened = opened;
    }

    public TieredStore store() {
      return shared.store;
    }

    /**
     * The object that lives beside the store as long as it is open (such as the threads that
     * serve it), made by {@code create} on the first call for the store; the last release closes
     * it, before the store.
     */
    @SuppressWarnings("unchecked")
    public <T extends AutoCloseable> T companion(java.util.function.Supplier<T> create) {
      synchronized (SharedStores.class) {
        if (shared.companion == null) {
          shared.companion = create.get();
        }
        return (T) shared.companion;
      }
    }

    /** Whether this acquire opened the store (the first user of the path in this JVM). */
    public boolean openedStore() {
      return opened;
    }

    /**
     * Drops this reference; the last one hands the final statistics to {@code beforeClose}, then
     * closes the store. Later calls do nothing.
     */
    public synchronized void release(Consumer<TierStats> beforeClose) {
      if (!released) {
        released = true;
        SharedStores.release(shared, beforeClose);
      }
    }

    @Override
    public void close() {
      release(stats -> { });
    }
  }
}
