package io.github.ycsbtiers.api;

import java.util.function.ObjIntConsumer;
import site.ycsb.measurements.Measurements;

/**
 * Latencies a binding measures itself, each under a section name of its own (for example the
 * tiered store's {@code READ-DRAM} and {@code READ-PERSISTENT}): each name becomes a normal YCSB
 * latency section of the report, with the lines, percentiles and exporters of the operations'
 * own sections. Under the runner, what is recorded during a warm-up is left out with the warm-up's
 * operations; under upstream YCSB the latencies go to its {@link Measurements}, which reports
 * them the same way.
 */
public final class LatencySections {
  private static volatile ObjIntConsumer<String> sink;
  private static volatile boolean upstream = true;

  private LatencySections() {
  }

  /** Records one latency of {@code micros} microseconds under section {@code name}. */
  public static void record(String name, long micros) {
    int us = micros > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) Math.max(0, micros);
    ObjIntConsumer<String> s = sink;
    if (s != null) {
      s.accept(name, us);
    } else if (upstream) {
      try {
        Measurements.getMeasurements().measure(name, us);
      } catch (RuntimeException e) {
        // no YCSB client set upstream's measurements up (a binding used on its own): nowhere to report
        upstream = false;
      }
    }
  }

  /** Called by the runner: where latencies go from now on (null: upstream's {@link Measurements}). */
  public static void install(ObjIntConsumer<String> destination) {
    sink = destination;
  }
}
