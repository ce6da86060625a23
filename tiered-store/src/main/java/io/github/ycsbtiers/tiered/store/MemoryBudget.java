package io.github.ycsbtiers.tiered.store;

import java.util.Locale;

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
    if (bytes < 0) {
      throw new IllegalArgumentException("budget must not be negative: " + bytes);
    }
    return new MemoryBudget(bytes, 0, 0, Long.toString(bytes));
  }

  /** {@code memory} bytes of DRAM for every {@code data} bytes of data, e.g. 1:4. */
  public static MemoryBudget ofRatio(double memory, double data) {
    if (!(memory > 0) || !(data > 0) || Double.isInfinite(memory) || Double.isInfinite(data)) {
      throw new IllegalArgumentException("ratio parts must be positive and finite: " + memory + ":" + data);
    }
    return new MemoryBudget(-1, memory, data, trim(memory) + ":" + trim(data));
  }

  /** Parses {@code tiered.memory}: a byte count with an optional k, m, g or t suffix (powers of 1024). */
  public static MemoryBudget parseBytes(String property, String value) {
    String s = value.trim().toLowerCase(Locale.ROOT);
    int shift = 0;
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        case 't' -> shift = 40;
        default -> shift = 0;
      }
    }
    String digits = shift == 0 ? s : s.substring(0, s.length() - 1);
    try {
      long n = Long.parseLong(digits);
      if (n >= 0 && n <= (Long.MAX_VALUE >> shift)) {
        return new MemoryBudget(n << shift, 0, 0, value.trim());
      }
    } catch (NumberFormatException e) {
      // reported below with what is allowed
    }
    throw new OptionException(property, value, "expected a byte count such as 1073741824, 512m or 4g "
        + "(a whole number, optionally with k, m, g or t for powers of 1024)");
  }

  /** Parses {@code tiered.ratio}: memory:data, two positive numbers such as 7:1 or 1:4. */
  public static MemoryBudget parseRatio(String property, String value) {
    String[] parts = value.trim().split(":", -1);
    if (parts.length == 2) {
      try {
        double memory = Double.parseDouble(parts[0].trim());
        double data = Double.parseDouble(parts[1].trim());
        return ofRatio(memory, data);
      } catch (IllegalArgumentException e) {
        // a non-number (NumberFormatException is one) or a non-positive part: reported below
      }
    }
    throw new OptionException(property, value, "expected memory:data as two positive numbers, such as 7:1 "
        + "(memory larger than data) or 1:4 (data larger than memory)");
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
