package io.github.ycsbtiers.runner.workload;

import site.ycsb.Utils;

/**
 * Record keys as upstream YCSB names them: {@code "user"}, zeros up to {@code zeropadding}
 * digits, then the key number, hashed first (FNV-64 with absolute value, {@link Utils#hash}) unless
 * inserts are ordered. Upstream truncates key numbers to {@code int} before naming them (key
 * 3000000000 becomes {@code user-1294967296}); here every 64-bit number is named as it is, so names
 * equal upstream's for all numbers below 2^31 and stay distinct above it. Immutable.
 */
public final class KeyNamer {
  private static final String PREFIX = "user";

  private final int zeroPadding;
  private final boolean ordered;

  public KeyNamer(int zeroPadding, boolean ordered) {
    this.zeroPadding = zeroPadding;
    this.ordered = ordered;
  }

  /** The key of record {@code keyNumber}. */
  public String name(long keyNumber) {
    long value = ordered ? keyNumber : Utils.hash(keyNumber);
    int digits = decimalLength(value);
    int fill = Math.max(0, zeroPadding - digits);
    StringBuilder sb = new StringBuilder(PREFIX.length() + fill + digits);
    sb.append(PREFIX);
    for (int i = 0; i < fill; i++) {
      sb.append('0');
    }
    return sb.append(value).toString();
  }

  public boolean ordered() {
    return ordered;
  }

  public int zeroPadding() {
    return zeroPadding;
  }

  /** The length of {@code Long.toString(v)}, sign included, without building the string. */
  static int decimalLength(long v) {
    if (v < 0) {
      return v == Long.MIN_VALUE ? 20 : 1 + decimalLength(-v);
    }
    int length = 1;
    long limit = 10;
    while (length < 19 && v >= limit) {
      length++;
      limit *= 10;
    }
    return length;
  }
}
