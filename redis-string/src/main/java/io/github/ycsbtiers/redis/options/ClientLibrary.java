package io.github.ycsbtiers.redis.options;

import java.util.Locale;

/** Which Redis client library talks to the server: the value of {@code redis.client}. */
public enum ClientLibrary {
  /** A Jedis connection pool; the asynchronous path pipelines the operations in flight. */
  JEDIS,
  /** One shared Lettuce connection per process, synchronous or asynchronous. */
  LETTUCE;

  /** The property value naming this client. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
