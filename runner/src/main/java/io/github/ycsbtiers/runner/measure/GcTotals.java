package io.github.ycsbtiers.runner.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.Utils;

/**
 * Each garbage collector's collection count and time at one moment, so that the report can give
 * what happened in the measured phase alone when a warm-up came before it.
 */
public final class GcTotals {
  private static final GcTotals ZERO = new GcTotals(Map.of());

  /** Collector name to {count, time in ms}. */
  private final Map<String, long[]> totals;

  private GcTotals(Map<String, long[]> totals) {
    this.totals = totals;
  }

  /** All zero: the report then gives totals since the JVM started, as upstream does. */
  public static GcTotals zero() {
    return ZERO;
  }

  public static GcTotals now() {
    Map<String, long[]> totals = new LinkedHashMap<>();
    for (Map.Entry<String, Long[]> e : Utils.getGCStatst().entrySet()) {
      totals.put(e.getKey(), new long[] {e.getValue()[0], e.getValue()[1]});
    }
    return new GcTotals(totals);
  }

  long count(String collector) {
    long[] t = totals.get(collector);
    return t == null ? 0 : t[0];
  }

  long timeMillis(String collector) {
    long[] t = totals.get(collector);
    return t == null ? 0 : t[1];
  }
}
