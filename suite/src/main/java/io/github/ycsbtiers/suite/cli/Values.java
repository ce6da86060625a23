package io.github.ycsbtiers.suite.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Number parsing for the options; every error names the option, the value and what is allowed. */
public final class Values {
  private Values() {
  }

  static long positive(String option, String value, long max) {
    long n = parse(option, value, "a whole number from 1 to " + max);
    if (n < 1 || n > max) {
      throw UsageException.badValue(option, value, "a whole number from 1 to " + max);
    }
    return n;
  }

  static long nonNegative(String option, String value) {
    long n = parse(option, value, "a whole number of seconds, 0 or more");
    if (n < 0) {
      throw UsageException.badValue(option, value, "a whole number of seconds, 0 or more");
    }
    return n;
  }

  static List<Integer> positiveList(String option, String value, int max) {
    List<Integer> list = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      try {
        int n = Integer.parseInt(part.trim());
        if (n >= 1 && n <= max) {
          list.add(n);
          continue;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw UsageException.badValue(option, value, "a comma-separated list of byte counts from 1 to " + max);
    }
    return list;
  }

  /** A byte count with an optional k, m, g or t suffix (powers of 1024), as tiered.memory takes. */
  public static long bytes(String option, String value) {
    String allowed = "a positive byte count, optionally with k, m, g or t (powers of 1024), e.g. 512m";
    String v = value.trim().toLowerCase(Locale.ROOT);
    int shift = 0;
    if (!v.isEmpty()) {
      switch (v.charAt(v.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        case 't' -> shift = 40;
        default -> shift = -1;
      }
    }
    String digits = shift > 0 ? v.substring(0, v.length() - 1) : v;
    if (shift < 0) {
      shift = 0;
    }
    long n;
    try {
      n = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw UsageException.badValue(option, value, allowed);
    }
    if (n < 1 || n > (Long.MAX_VALUE >> shift)) {
      throw UsageException.badValue(option, value, allowed);
    }
    return n << shift;
  }

  private static long parse(String option, String value, String allowed) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw UsageException.badValue(option, value, allowed);
    }
  }
}
