package io.github.ycsbtiers.redis.options;

import java.util.Locale;

/** Which Redis client library talks to the server: the value of {@code redis.client}. */
public enum ClientLibrary {
  /** A Jedis connection pool; the asynchronous path pipelines the operations in flight. */
  JEDIS,
  /** Lettuce connections on shared event loops, one per logical client unless {@code redis.connections} is lower. */
  LETTUCE,
  /**
   * The binding's own RESP client on Netty event loops (package {@code resp}), one connection per
   * logical client unless {@code redis.connections} is lower: record operations on a standalone
   * server, without TLS.
   */
  NETTY;

  /** The property value naming this client. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
