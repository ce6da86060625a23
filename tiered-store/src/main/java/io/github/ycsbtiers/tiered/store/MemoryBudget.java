package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.OptionalDouble;

/**
 * How many bytes of keys and values the DRAM tier may hold: a fixed size ({@code tiered.memory})
 * or a memory:data ratio of the estimated data size ({@code tiered.ratio}). Immutable.
 */
public final class MemoryBudget {
  private final long bytes;
  private final double memory;
  private final double data;
  private final String text;

  private MemoryBudget(long bytes, double memory, double data, String text) {
    this.bytes = bytes;
    this.memory = memory;
    this.data = data;
    this.text = text;
  }

  /** A fixed budget of {@code bytes}. */
  public static MemoryBudget ofBytes(long bytes) {
    return ofBytes(bytes, Long.toString(bytes));
  }

  /** {@code memory} bytes of DRAM for every {@code data} bytes of data, e.g. 1:4. */
  public static MemoryBudget ofRatio(double memory, double data) {
    if (!(memory > 0) || !(data > 0) || Double.isInfinite(memory) || Double.isInfinite(data)) {
      throw new IllegalArgumentException("ratio parts must be positive and finite: " + memory + ":" + data);
    }
    return new MemoryBudget(-1, memory, data, trim(memory) + ":" + trim(data));
  }

  /** A fixed budget of {@code bytes}, shown as {@code text} (as given: {@code 512m}). */
  public static MemoryBudget ofBytes(long bytes, String text) {
    if (bytes < 0) {
      throw new IllegalArgumentException("budget must not be negative: " + bytes);
    }
    return new MemoryBudget(bytes, 0, 0, text);
  }

  /** Parses {@code tiered.ratio}: memory:data, two positive numbers such as 7:1 or 1:4. */
  public static MemoryBudget parseRatio(String property, String value) {
    String[] parts = value.trim().split(":", -1);
    if (parts.length == 2) {
      OptionalDouble memory = PropertyValues.decimal(parts[0]);
      OptionalDouble data = PropertyValues.decimal(parts[1]);
      if (memory.isPresent() && data.isPresent() && memory.getAsDouble() > 0 && data.getAsDouble() > 0) {
        return ofRatio(memory.getAsDouble(), data.getAsDouble());
      }
    }
    throw PropertyException.badValue(property, value, "memory:data, two positive numbers such as 7:1 (memory larger"
        + " than data) or 1:4 (data larger than memory)");
  }

  public boolean isRatio() {
    return bytes < 0;
  }

  /** The budget in bytes for data of {@code dataBytes}, saturating at Long.MAX_VALUE. */
  public long bytesFor(long dataBytes) {
    if (!isRatio()) {
      return bytes;
    }
    double b = Math.ceil(dataBytes * (memory / data));
    return b >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) b;
  }

  /** As given: {@code 512m}, {@code 1:4}. */
  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MemoryBudget m && m.bytes == bytes && m.memory == memory && m.data == data;
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(bytes, memory, data);
  }

  private static String trim(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }
}
