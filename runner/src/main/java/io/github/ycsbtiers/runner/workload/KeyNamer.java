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
  // "user", "user0", "user00", ...: the prefix for each amount of padding, built once
  private final String[] prefixes;

  public KeyNamer(int zeroPadding, boolean ordered) {
    this.zeroPadding = zeroPadding;
    this.ordered = ordered;
    this.prefixes = new String[Math.max(zeroPadding, 0) + 1];
    StringBuilder sb = new StringBuilder(PREFIX);
    for (int fill = 0; fill < prefixes.length; fill++) {
      prefixes[fill] = sb.toString();
      sb.append('0');
    }
  }

  /** The key of record {@code keyNumber}. */
  public String name(long keyNumber) {
    String digits = Long.toString(ordered ? keyNumber : Utils.hash(keyNumber));
    int fill = zeroPadding - digits.length();
    return (fill > 0 ? prefixes[fill] : PREFIX).concat(digits);
  }

  public boolean ordered() {
    return ordered;
  }

  public int zeroPadding() {
    return zeroPadding;
  }

}
