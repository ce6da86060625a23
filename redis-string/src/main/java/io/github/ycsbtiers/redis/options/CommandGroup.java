package io.github.ycsbtiers.redis.options;

import java.util.Locale;

/** How a record is stored: the value of {@code redis.command_group}. */
public enum CommandGroup {
  /** One String value per record: {@code SET}/{@code GET}, several fields in the api's RecordLayout. */
  STRING,
  /** One Hash per record: {@code HSET}/{@code HGETALL}/{@code HMGET}. */
  HASH;

  /** The property value naming this group. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
