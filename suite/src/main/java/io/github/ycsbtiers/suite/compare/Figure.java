package io.github.ycsbtiers.suite.compare;

import java.util.function.Function;

/** A figure compare tests in every cell, and which way is better. */
public enum Figure {
  THROUGHPUT("QPS", "throughput", true, p -> p.throughput()),
  P99("p99 (us)", "p99Us", false, ResultDir.Phase::p99Us);

  private final String label;
  private final String key;
  private final boolean higherIsBetter;
  private final Function<ResultDir.Phase, Double> value;

  Figure(String label, String key, boolean higherIsBetter, Function<ResultDir.Phase, Double> value) {
    this.label = label;
    this.key = key;
    this.higherIsBetter = higherIsBetter;
    this.value = value;
  }

  /** The table's name for it. */
  public String label() {
    return label;
  }

  /** Its name in JSON (summary.json's field). */
  public String key() {
    return key;
  }

  public boolean higherIsBetter() {
    return higherIsBetter;
  }

  /** Its value in a phase; null (or NaN) when the phase has none. */
  Double of(ResultDir.Phase p) {
    return value.apply(p);
  }
}
