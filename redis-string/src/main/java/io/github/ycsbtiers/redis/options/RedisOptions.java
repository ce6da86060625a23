package io.github.ycsbtiers.redis.options;

import static io.github.ycsbtiers.redis.options.RedisProperties.*;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.PropertyException;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;

/**
 * Every setting of the redis-string binding, parsed once from the YCSB properties ({@link
 * #fromProperties}, {@link OptionsReader}); the constructor refuses settings that cannot be used
 * (together), as the properties do. Equal when every setting is equal, the password included: the
 * binding shares one connection pool among all equal options of a JVM. {@link #toString} never
 * shows the password.
 *
 * @param endpoints the server, or the Cluster seed nodes; never empty
 * @param poolSize Jedis: connections per server (per Cluster node)
 * @param batch operations per Jedis pipeline on the async engine; 1 = flushed whenever the engine waits
 * @param asyncEngine whether the run uses the runner's {@code async} engine, the only one that keeps
 *     several operations of a client in flight (to fill a pipeline)
 * @param connections Lettuce: connections per server (per Cluster node), at most threadcount, shared
 *     round the binding instances and driven by {@code eventLoopThreads}, at most one per connection
 * @param sentinels the Sentinels that name the primary, or null when {@code redis.host} is the primary
 */
public record RedisOptions(List<HostAndPort> endpoints, Auth auth, int database, int timeoutMillis, boolean cluster,
    Tls tls, CommandGroup commandGroup, ScanMode scan, int poolSize, int fieldCount, String fieldNamePrefix,
    ClientLibrary client, int batch, boolean asyncEngine, int threadCount, int connections, int eventLoopThreads,
    Backoff backoff, Replicas replicas, Sentinels sentinels, Durability durability) {
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 6379;
  public static final int DEFAULT_DATABASE = 0;
  public static final int DEFAULT_TIMEOUT_MILLIS = 2000;
  public static final CommandGroup DEFAULT_COMMAND_GROUP = CommandGroup.STRING;
  public static final ScanMode DEFAULT_SCAN = ScanMode.NONE;
  /** Operations per Jedis pipeline; 1 sends each on its own. */
  public static final int DEFAULT_BATCH = 1;
  /** A client's pauses while the server cannot be reached: the first and the longest, in milliseconds. */
  public static final int DEFAULT_BACKOFF_MIN_MILLIS = 10;
  public static final int DEFAULT_BACKOFF_MAX_MILLIS = 500;
  /** YCSB's defaults: {@code threadcount} (also the pool size's), {@code fieldcount}, {@code fieldnameprefix}. */
  public static final int DEFAULT_POOL_SIZE = 1;
  public static final int DEFAULT_FIELD_COUNT = 10;
  public static final String DEFAULT_FIELD_NAME_PREFIX = "field";

  /** @throws PropertyException for settings that cannot be used (together) */
  public RedisOptions {
    endpoints = List.copyOf(endpoints);
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(tls, "tls");
    Objects.requireNonNull(commandGroup, "commandGroup");
    Objects.requireNonNull(scan, "scan");
    Objects.requireNonNull(fieldNamePrefix, "fieldNamePrefix");
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(backoff, "backoff");
    Objects.requireNonNull(replicas, "replicas");
    Objects.requireNonNull(durability, "durability");
    require(!endpoints.isEmpty(), HOST + " names no host");
    String hosts = endpoints.stream().map(HostAndPort::toString).collect(Collectors.joining(","));
    require(cluster || endpoints.size() == 1, PropertyException.message(HOST, hosts, "one host, or a Cluster seed"
        + " list with " + CLUSTER + "=true"));
    require(database >= 0, PropertyException.message(DATABASE, Integer.toString(database), "a whole number >= 0"));
    require(!cluster || database == 0, PropertyException.message(DATABASE, Integer.toString(database), "0 with "
        + CLUSTER + "=true (a Redis Cluster has only database 0)"));
    require(timeoutMillis > 0, PropertyException.message(TIMEOUT, Integer.toString(timeoutMillis),
        "a positive number of milliseconds"));
    require(poolSize > 0, PropertyException.message(POOL_SIZE, Integer.toString(poolSize), "a whole number >= 1"));
    require(connections > 0 && eventLoopThreads > 0 && eventLoopThreads <= connections,
        "connections (" + connections + ") and event-loop threads (" + eventLoopThreads + ") must be positive, "
            + "the threads no more than the connections");
    require(fieldCount > 0, PropertyException.message("fieldcount", Integer.toString(fieldCount),
        "a whole number >= 1"));
    require(tls.enabled() || (tls.ca() == null && tls.cert() == null && tls.key() == null),
        PropertyException.message(TLS, "false", "true when " + TLS_CA + ", " + TLS_CERT + " or " + TLS_KEY
            + " is set (TLS files without TLS are refused rather than connecting in plain text)"));
    require(tls.key() != null || tls.cert() == null, PropertyException.message(TLS_CERT, String.valueOf(tls.cert()),
        "only together with " + TLS_KEY + " (the client certificate and its key)"));
    require(tls.cert() != null || tls.key() == null, PropertyException.message(TLS_KEY, String.valueOf(tls.key()),
        "only together with " + TLS_CERT + " (the client certificate and its key)"));
    require(auth.user() == null || auth.password() != null, PropertyException.message(USER, auth.user(),
        "only with a password (" + PASSWORD + ", " + PASSWORD_FILE + " or " + PASSWORD_ENV + ")"));
    require(batch >= 1, PropertyException.message(BATCH, Integer.toString(batch), "a whole number >= 1"));
    require(batch == 1 || client == ClientLibrary.JEDIS, PropertyException.message(BATCH, Integer.toString(batch),
        "1 unless " + CLIENT + "=jedis, whose pipelines it sizes (with " + CLIENT + "=lettuce share connections"
            + " with " + CONNECTIONS + ": threadcount / " + CONNECTIONS + " operations in flight per connection)"));
    require(batch == 1 || asyncEngine, PropertyException.message(BATCH, Integer.toString(batch), "1 unless"
        + " runner.engine=async: a pipeline is filled by the operations in flight (-threads), and a synchronous"
        + " client has one"));
    require(backoff.minMillis() >= 1, PropertyException.message(BACKOFF_MIN, Integer.toString(backoff.minMillis()),
        "a positive number of milliseconds"));
    require(backoff.maxMillis() >= backoff.minMillis(), PropertyException.message(BACKOFF_MAX,
        Integer.toString(backoff.maxMillis()), "a number of milliseconds from " + BACKOFF_MIN + " ("
            + backoff.minMillis() + ")"));
    require(scan == ScanMode.NONE || client == ClientLibrary.JEDIS, PropertyException.message(SCAN,
        scan.propertyValue(), "none unless " + CLIENT + "=jedis (the scan index is implemented for Jedis only)"));
  }

  /**
   * Parses and checks every {@code redis.*} property (and {@code threadcount}, {@code fieldcount},
   * {@code fieldnameprefix}); a password named by {@code redis.password.env} comes from the process
   * environment.
   *
   * @throws PropertyException naming the property, the value (never a password) and what is allowed
   */
  public static RedisOptions fromProperties(Properties props) {
    return fromProperties(props, System::getenv);
  }

  /** As {@link #fromProperties(Properties)}, with the environment given (for tests). */
  public static RedisOptions fromProperties(Properties props, Function<String, String> environment) {
    return new OptionsReader(props, environment).read();
  }

  /** The endpoints as {@code host:port[,host:port...]}, for messages. */
  public String endpointsText() {
    return endpoints.stream().map(HostAndPort::toString).collect(Collectors.joining(","));
  }

  /** The name of field {@code i} as YCSB's core workload writes it. */
  public String fieldName(int i) {
    return fieldNamePrefix + i;
  }

  /** Every field name of a record, computed once per call. */
  public FieldNames fieldNames() {
    return new FieldNames(fieldCount, fieldNamePrefix);
  }

  /**
   * These options with {@code primary} as the one endpoint: the primary the Sentinels named. The
   * copy is what the clients open; these options stay the key they are shared by.
   */
  public RedisOptions withPrimary(HostAndPort primary) {
    return new RedisOptions(List.of(primary), auth, database, timeoutMillis, cluster, tls, commandGroup, scan,
        poolSize, fieldCount, fieldNamePrefix, client, batch, asyncEngine, threadCount, connections, eventLoopThreads,
        backoff, replicas, sentinels, durability);
  }

  @Override
  public String toString() {
    return "RedisOptions{endpoints=" + endpointsText() + ", " + auth + ", database=" + database + ", timeoutMillis="
        + timeoutMillis + ", cluster=" + cluster + ", tls=" + tls.enabled() + ", tlsCa=" + tls.ca() + ", tlsCert="
        + tls.cert() + ", tlsKey=" + tls.key() + ", commandGroup=" + commandGroup.propertyValue() + ", scan="
        + scan.propertyValue() + ", poolSize=" + poolSize + ", fieldCount=" + fieldCount + ", fieldNamePrefix="
        + fieldNamePrefix + ", client=" + client.propertyValue() + ", batch=" + batch + ", threadCount=" + threadCount
        + ", connections=" + connections + ", eventLoopThreads=" + eventLoopThreads + ", backoff="
        + backoff.minMillis() + ".." + backoff.maxMillis() + " ms, readFrom=" + replicas.readFrom().propertyValue()
        + ", replicas=" + replicas.listed() + (sentinels == null ? "" : ", sentinels=" + sentinels)
        + ", durability=" + durability + "}";
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new PropertyException(message);
    }
  }
}
