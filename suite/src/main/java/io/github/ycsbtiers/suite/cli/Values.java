package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.ArrayList;
import java.util.List;

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
      long n = PropertyValues.wholeNumber(part.trim()).orElse(0);
      if (n >= 1 && n <= max) {
        list.add((int) n);
        continue;
      }
      throw UsageException.badValue(option, value, "a comma-separated list of byte counts from 1 to " + max);
    }
    return list;
  }

  /** A byte count with an optional k, m, g or t suffix (powers of 1024): the rule of every size property. */
  public static long bytes(String option, String value) {
    long n = PropertyValues.byteCount(value).orElse(0);
    if (n < 1) {
      throw UsageException.badValue(option, value, "a positive byte count, optionally with k, m, g or t (powers of"
          + " 1024), e.g. 512m");
    }
    return n;
  }

  /** A whole number by the properties' one rule (api's PropertyValues: {@code 2_000_000} too). */
  private static long parse(String option, String value, String allowed) {
    return PropertyValues.wholeNumber(value.trim())
        .orElseThrow(() -> UsageException.badValue(option, value, allowed));
  }
}
