package io.github.ycsbtiers.api;

import java.util.Map;

/**
 * The field names of a record as YCSB's core workload makes them ({@code fieldnameprefix} +
 * 0 .. {@code fieldcount}-1), computed once. Bindings that store a record as one value use it to
 * tell a write of every field (the new record replaces the old, no read needed) from a partial one.
 */
public final class FieldNames {
  private final String[] names;

  public FieldNames(int count, String prefix) {
    if (count < 1) {
      throw new IllegalArgumentException("a record has at least one field, got " + count);
    }
    names = new String[count];
    for (int i = 0; i < count; i++) {
      names[i] = prefix + i;
    }
  }

  public int count() {
    return names.length;
  }

  public String name(int i) {
    return names[i];
  }

  /** Whether {@code fields} holds every field of the record. */
  public boolean allIn(Map<String, ?> fields) {
    if (fields.size() < names.length) {
      return false;
    }
    for (String name : names) {
      if (!fields.containsKey(name)) {
        return false;
      }
    }
    return true;
  }
}
