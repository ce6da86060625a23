package io.github.ycsbtiers.redis.options;

import java.util.Locale;

/** What {@code scan} does: the value of {@code redis.scan}. */
public enum ScanMode {
  /** Scan returns NOT_IMPLEMENTED and inserts write nothing but the record. */
  NONE,
  /** Inserts and deletes also maintain one sorted set of every key, which scan reads in key order. */
  INDEX;

  /** The property value naming this mode. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
