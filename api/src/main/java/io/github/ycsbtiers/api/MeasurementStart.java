package io.github.ycsbtiers.api;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Tells bindings when measuring starts after a warm-up ({@code warmuptime}), so that a binding
 * whose report section counts operations (the tiered store's {@code [TIER]} hit ratio) counts the
 * measured ones only. The runner calls {@link #begin()} once per phase, while no operation is in
 * flight; without a warm-up, and under upstream YCSB, it is never called.
 */
public final class MeasurementStart {
  private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();

  private MeasurementStart() {
  }

  /** {@code listener} runs when measuring starts, on the runner's thread, with no operation in flight. */
  public static void register(Runnable listener) {
    LISTENERS.add(listener);
  }

  public static void unregister(Runnable listener) {
    LISTENERS.remove(listener);
  }

  /** Called by the runner: measuring starts now. */
  public static void begin() {
    for (Runnable l : LISTENERS) {
      l.run();
    }
  }
}
