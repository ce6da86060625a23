package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.api.LatencySections;
import java.util.function.ObjIntConsumer;

/**
 * Where the latencies bindings record under names of their own ({@link LatencySections}) go during
 * a phase: the warm-up's registry (never exported) until measuring starts, then the phase's.
 * Recorded as measured service times whatever {@code measurement.interval} says: a binding's
 * latency has no intended start.
 */
public final class BindingLatencies implements ObjIntConsumer<String>, AutoCloseable {
  private volatile MeasurementRegistry target;

  private BindingLatencies(MeasurementRegistry first) {
    this.target = first;
  }

  /** Installs the destination for a phase whose first operations record into {@code first}. */
  public static BindingLatencies install(MeasurementRegistry first) {
    BindingLatencies b = new BindingLatencies(first);
    LatencySections.install(b);
    return b;
  }

  /** Measuring starts: from now on into {@code measured}. Called while no operation is in flight. */
  public void measuring(MeasurementRegistry measured) {
    target = measured;
  }

  @Override
  public void accept(String name, int micros) {
    target.measureBinding(name, micros);
  }

  /** The phase is over: latencies recorded later go nowhere the runner reports. */
  @Override
  public void close() {
    LatencySections.install(null);
  }
}
