package io.github.ycsbtiers.tiered.store.internal;

import java.util.Locale;

/** Byte counts for people: {@code 24.6 MiB}. */
public final class ByteSizes {
  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

  private ByteSizes() {
  }

  public static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    int unit = 0;
    double v = bytes;
    while (v >= 1024 && unit < UNITS.length - 1) {
      v /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, UNITS[unit]);
  }
}
