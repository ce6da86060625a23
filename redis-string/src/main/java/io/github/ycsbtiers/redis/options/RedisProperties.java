package io.github.ycsbtiers.redis.options;

import java.util.List;

/** The names of the binding's properties; the README tables each with its default and an example. */
public final class RedisProperties {
  public static final String HOST = "redis.host";
  public static final String PORT = "redis.port";
  public static final String USER = "redis.user";
  public static final String PASSWORD = "redis.password";
  public static final String PASSWORD_FILE = "redis.password.file";
  public static final String PASSWORD_ENV = "redis.password.env";
  public static final String DATABASE = "redis.database";
  public static final String TIMEOUT = "redis.timeout";
  public static final String CLUSTER = "redis.cluster";
  public static final String TLS = "redis.tls";
  public static final String TLS_CA = "redis.tls.ca";
  public static final String TLS_CERT = "redis.tls.cert";
  public static final String TLS_KEY = "redis.tls.key";
  public static final String COMMAND_GROUP = "redis.command_group";
  public static final String POOL_SIZE = "redis.pool.size";
  public static final String SCAN = "redis.scan";
  public static final String CLIENT = "redis.client";
  public static final String BATCH = "redis.batch";
  public static final String CONNECTIONS = "redis.connections";
  public static final String BACKOFF_MIN = "redis.backoff.min";
  public static final String BACKOFF_MAX = "redis.backoff.max";
  public static final String READ_FROM = "redis.read_from";
  public static final String REPLICAS = "redis.replicas";
  public static final String SENTINELS = "redis.sentinels";
  public static final String SENTINEL_MASTER = "redis.sentinel.master";
  public static final String SENTINEL_USER = "redis.sentinel.user";
  public static final String SENTINEL_PASSWORD = "redis.sentinel.password";
  public static final String LOST_WRITES = "redis.lost_writes";
  public static final String WAIT_REPLICAS = "redis.wait.replicas";
  public static final String WAIT_TIMEOUT = "redis.wait.timeout";
  public static final String STALE_READS = "redis.stale_reads";
  /** Every property of this binding; any other {@code redis.*} name is refused as a typo. */
  public static final List<String> PROPERTIES = List.of(HOST, PORT, USER, PASSWORD, PASSWORD_FILE, PASSWORD_ENV,
      DATABASE, TIMEOUT, CLUSTER, TLS, TLS_CA, TLS_CERT, TLS_KEY, COMMAND_GROUP, POOL_SIZE, SCAN, CLIENT, BATCH,
      CONNECTIONS, BACKOFF_MIN, BACKOFF_MAX, READ_FROM, REPLICAS, SENTINELS, SENTINEL_MASTER, SENTINEL_USER,
      SENTINEL_PASSWORD, LOST_WRITES, WAIT_REPLICAS, WAIT_TIMEOUT,
      STALE_READS);

  private RedisProperties() {
  }
}
