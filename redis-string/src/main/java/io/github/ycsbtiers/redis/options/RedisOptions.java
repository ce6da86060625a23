package io.github.ycsbtiers.redis.options;

import static io.github.ycsbtiers.redis.options.RedisProperties.*;

import io.github.ycsbtiers.api.FieldNames;
import io.github.ycsbtiers.api.PropertyException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;

/**
 * Every setting of the redis-string binding, parsed once from the YCSB properties by {@link
 * #fromProperties}. Immutable. Two options are equal when every setting is equal, the password
 * included: the binding shares one connection pool among all equal options of a JVM. {@link
 * #toString} never shows the password.
 */
public final class RedisOptions {
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 6379;
  public static final int DEFAULT_DATABASE = 0;
  public static final int DEFAULT_TIMEOUT_MILLIS = 2000;
  public static final CommandGroup DEFAULT_COMMAND_GROUP = CommandGroup.STRING;
  public static final ScanMode DEFAULT_SCAN = ScanMode.NONE;
  /** The client of a Builder; {@code fromProperties} picks Jedis or Lettuce by the engine (see the README). */
  public static final ClientLibrary DEFAULT_CLIENT = ClientLibrary.JEDIS;
  /** Operations per Jedis pipeline; 1 sends each on its own. */
  public static final int DEFAULT_BATCH = 1;
  /** First pause of a client after a connection failure, in milliseconds. */
  public static final int DEFAULT_BACKOFF_MIN_MILLIS = 10;
  /** Longest pause of a client between attempts while the server cannot be reached, in milliseconds. */
  public static final int DEFAULT_BACKOFF_MAX_MILLIS = 500;
  /** YCSB's {@code threadcount} default, which is also the pool size default. */
  public static final int DEFAULT_POOL_SIZE = 1;
  /** YCSB core workload's {@code fieldcount} and {@code fieldnameprefix} defaults. */
  public static final int DEFAULT_FIELD_COUNT = 10;
  public static final String DEFAULT_FIELD_NAME_PREFIX = "field";

  private final List<HostAndPort> endpoints;
  private final String user;
  private final boolean userInPassword;
  private final String password;
  private final int database;
  private final int timeoutMillis;
  private final boolean cluster;
  private final boolean tls;
  private final Path tlsCa;
  private final Path tlsCert;
  private final Path tlsKey;
  private final CommandGroup commandGroup;
  private final ScanMode scan;
  private final int poolSize;
  private final int fieldCount;
  private final String fieldNamePrefix;
  private final ClientLibrary client;
  private final int batch;
  private final int threadCount;
  private final int connections;
  private final int eventLoopThreads;
  private final int backoffMinMillis;
  private final int backoffMaxMillis;
  private final Replicas replicas;
  private final Sentinels sentinels;
  private final Durability durability;

  private RedisOptions(Builder b) {
    this.endpoints = List.copyOf(b.endpoints);
    this.user = b.user;
    this.userInPassword = b.userInPassword;
    this.password = b.password;
    this.database = b.database;
    this.timeoutMillis = b.timeoutMillis;
    this.cluster = b.cluster;
    this.tls = b.tls;
    this.tlsCa = b.tlsCa;
    this.tlsCert = b.tlsCert;
    this.tlsKey = b.tlsKey;
    this.commandGroup = b.commandGroup;
    this.scan = b.scan;
    this.poolSize = b.poolSize;
    this.fieldCount = b.fieldCount;
    this.fieldNamePrefix = b.fieldNamePrefix;
    this.client = b.client;
    this.batch = b.batch;
    this.threadCount = b.threadCount;
    this.connections = b.connections;
    this.eventLoopThreads = b.eventLoopThreads;
    this.backoffMinMillis = b.backoffMinMillis;
    this.backoffMaxMillis = b.backoffMaxMillis;
    this.replicas = b.replicas;
    this.sentinels = b.sentinels;
    this.durability = b.durability;
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

  public static Builder builder() {
    return new Builder();
  }

  /** The server, or the Cluster seed nodes; never empty. */
  public List<HostAndPort> endpoints() {
    return endpoints;
  }

  /** The endpoints as {@code host:port[,host:port...]}, for messages. */
  public String endpointsText() {
    StringJoiner j = new StringJoiner(",");
    endpoints.forEach(e -> j.add(e.toString()));
    return j.toString();
  }

  /** The ACL user, or null for the default user. */
  public String user() {
    return user;
  }

  /**
   * The user as messages may name it: taken from {@code user:password}, the part before the
   * colon may belong to a password that contains one, so it is not shown.
   */
  public String userForMessages() {
    if (user == null) {
      return "default";
    }
    return userInPassword ? "(the user named in " + RedisProperties.PASSWORD + ")" : user;
  }

  /** The password, or null for none. Never log it. */
  public String password() {
    return password;
  }

  public int database() {
    return database;
  }

  public int timeoutMillis() {
    return timeoutMillis;
  }

  public boolean cluster() {
    return cluster;
  }

  public boolean tls() {
    return tls;
  }

  /** PEM file of the CA certificates to trust, or null for the JDK's default trust store. */
  public Path tlsCa() {
    return tlsCa;
  }

  /** PEM file of the client certificate (chain), or null for no client certificate. */
  public Path tlsCert() {
    return tlsCert;
  }

  /** PEM file of the client's PKCS#8 private key, or null. */
  public Path tlsKey() {
    return tlsKey;
  }

  public CommandGroup commandGroup() {
    return commandGroup;
  }

  public ScanMode scan() {
    return scan;
  }

  /** Connections per server (per Cluster node). */
  public int poolSize() {
    return poolSize;
  }

  public int fieldCount() {
    return fieldCount;
  }

  /** The name of field {@code i} as YCSB's core workload writes it. */
  public String fieldName(int i) {
    return fieldNamePrefix + i;
  }

  public ClientLibrary client() {
    return client;
  }

  /** Operations per Jedis pipeline on the asynchronous path; 1 = flushed whenever the engine waits. */
  public int batch() {
    return batch;
  }

  /** {@code redis.backoff.min}: a client's first pause after a connection failure, in milliseconds. */
  public int backoffMinMillis() {
    return backoffMinMillis;
  }

  /** {@code redis.backoff.max}: the longest pause between a client's attempts during an outage, in milliseconds. */
  public int backoffMaxMillis() {
    return backoffMaxMillis;
  }

  /** YCSB's {@code threadcount}: client threads, or operations in flight under the async engine. */
  public int threadCount() {
    return threadCount;
  }

  /** Lettuce: connections per server (per Cluster node), shared round the binding instances; at most threadcount. */
  public int connections() {
    return connections;
  }

  /** Lettuce: event-loop threads of the client, at most one per connection. */
  public int eventLoopThreads() {
    return eventLoopThreads;
  }

  /** Every field name of a record, computed once per call. */
  /** Where reads go and the replicas listed; {@link Replicas#PRIMARY_ONLY} by default. */
  public Replicas replicas() {
    return replicas;
  }

  /** The Sentinels that name the primary, or null when {@code redis.host} is the primary. */
  public Sentinels sentinels() {
    return sentinels;
  }

  /** The lost-write check and the wait for replicas after each write; {@link Durability#NONE} by default. */
  public Durability durability() {
    return durability;
  }

  /**
   * These options with {@code primary} as the one endpoint: the primary the Sentinels named. The
   * copy is what the clients open; these options stay the key they are shared by.
   */
  public RedisOptions withPrimary(HostAndPort primary) {
    Builder b = new Builder().endpoints(List.of(primary)).database(database).timeoutMillis(timeoutMillis)
        .cluster(cluster).tls(tls, tlsCa, tlsCert, tlsKey).commandGroup(commandGroup).scan(scan).threadCount(threadCount)
        .connections(connections, eventLoopThreads).poolSize(poolSize).fields(fieldCount, fieldNamePrefix)
        .client(client).backoff(backoffMinMillis, backoffMaxMillis).replicas(replicas).sentinels(sentinels)
        .durability(durability).password(password);
    b.batch = batch;
    b.user = user;
    b.userInPassword = userInPassword;
    return new RedisOptions(b);
  }

  public FieldNames fieldNames() {
    return new FieldNames(fieldCount, fieldNamePrefix);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof RedisOptions)) {
      return false;
    }
    RedisOptions r = (RedisOptions) o;
    return database == r.database && timeoutMillis == r.timeoutMillis && cluster == r.cluster && tls == r.tls
        && poolSize == r.poolSize && fieldCount == r.fieldCount && endpoints.equals(r.endpoints)
        && Objects.equals(user, r.user) && Objects.equals(password, r.password) && Objects.equals(tlsCa, r.tlsCa)
        && Objects.equals(tlsCert, r.tlsCert) && Objects.equals(tlsKey, r.tlsKey) && commandGroup == r.commandGroup
        && scan == r.scan && fieldNamePrefix.equals(r.fieldNamePrefix) && client == r.client && batch == r.batch
        && threadCount == r.threadCount && connections == r.connections && eventLoopThreads == r.eventLoopThreads
        && backoffMinMillis == r.backoffMinMillis
        && backoffMaxMillis == r.backoffMaxMillis && replicas.equals(r.replicas)
        && Objects.equals(sentinels, r.sentinels) && durability.equals(r.durability);
  }

  @Override
  public int hashCode() {
    return Objects.hash(endpoints, user, password, database, timeoutMillis, cluster, tls, tlsCa, tlsCert, tlsKey,
        commandGroup, scan, poolSize, fieldCount, fieldNamePrefix, client, batch, threadCount,
        connections, eventLoopThreads, backoffMinMillis, backoffMaxMillis, replicas, sentinels,
        durability);
  }

  @Override
  public String toString() {
    return "RedisOptions{endpoints=" + endpointsText() + ", user=" + userForMessages() + ", password="
        + (password == null ? "none" : "*****") + ", database=" + database + ", timeoutMillis=" + timeoutMillis
        + ", cluster=" + cluster + ", tls=" + tls + ", tlsCa=" + tlsCa + ", tlsCert=" + tlsCert + ", tlsKey=" + tlsKey
        + ", commandGroup=" + commandGroup.propertyValue() + ", scan=" + scan.propertyValue() + ", poolSize="
        + poolSize + ", fieldCount=" + fieldCount + ", fieldNamePrefix=" + fieldNamePrefix + ", client="
        + client.propertyValue() + ", batch=" + batch + ", threadCount=" + threadCount + ", connections=" + connections
        + ", eventLoopThreads=" + eventLoopThreads + ", backoff="
        + backoffMinMillis + ".." + backoffMaxMillis + " ms, readFrom=" + replicas.readFrom().propertyValue()
        + ", replicas=" + replicas.listed() + (sentinels == null ? "" : ", sentinels=" + sentinels)
        + ", durability=" + durability + "}";
  }

  /** Collects settings; {@link #build} checks the ones that only make sense together. */
  public static final class Builder {
    private final List<HostAndPort> endpoints = new ArrayList<>(List.of(new HostAndPort(DEFAULT_HOST, DEFAULT_PORT)));
    private String user;
    private boolean userInPassword;
    private String password;
    private int database = DEFAULT_DATABASE;
    private int timeoutMillis = DEFAULT_TIMEOUT_MILLIS;
    private boolean cluster;
    private boolean tls;
    private Path tlsCa;
    private Path tlsCert;
    private Path tlsKey;
    private CommandGroup commandGroup = DEFAULT_COMMAND_GROUP;
    private ScanMode scan = DEFAULT_SCAN;
    private int poolSize = DEFAULT_POOL_SIZE;
    private int fieldCount = DEFAULT_FIELD_COUNT;
    private String fieldNamePrefix = DEFAULT_FIELD_NAME_PREFIX;
    private ClientLibrary client = DEFAULT_CLIENT;
    private int batch = DEFAULT_BATCH;
    private boolean asyncEngine;
    private int threadCount = DEFAULT_POOL_SIZE;
    private int connections = 1;
    private int eventLoopThreads = 1;
    private int backoffMinMillis = DEFAULT_BACKOFF_MIN_MILLIS;
    private int backoffMaxMillis = DEFAULT_BACKOFF_MAX_MILLIS;
    private Replicas replicas = Replicas.PRIMARY_ONLY;
    private Sentinels sentinels;
    private Durability durability = Durability.NONE;

    private Builder() {
    }

    /** The server, or the Cluster seed nodes. */
    public Builder endpoints(List<HostAndPort> value) {
      endpoints.clear();
      endpoints.addAll(value);
      return this;
    }

    public Builder endpoint(String host, int port) {
      return endpoints(List.of(new HostAndPort(host, port)));
    }

    public Builder user(String value) {
      user = value;
      userInPassword = false;
      return this;
    }

    /** The user given as the part before the colon of {@code redis.password=user:password}. */
    public Builder userFromPassword(String value) {
      user = value;
      userInPassword = true;
      return this;
    }

    public Builder password(String value) {
      password = value;
      return this;
    }

    public Builder database(int value) {
      database = value;
      return this;
    }

    public Builder timeoutMillis(int value) {
      timeoutMillis = value;
      return this;
    }

    public Builder cluster(boolean value) {
      cluster = value;
      return this;
    }

    /** TLS on or off; {@code ca}, {@code cert} and {@code key} may each be null. */
    public Builder tls(boolean on, Path ca, Path cert, Path key) {
      tls = on;
      tlsCa = ca;
      tlsCert = cert;
      tlsKey = key;
      return this;
    }

    public Builder commandGroup(CommandGroup value) {
      commandGroup = Objects.requireNonNull(value, "commandGroup");
      return this;
    }

    public Builder scan(ScanMode value) {
      scan = Objects.requireNonNull(value, "scan");
      return this;
    }

    /** YCSB's {@code threadcount}. */
    public Builder threadCount(int value) {
      threadCount = value;
      return this;
    }

    /** Lettuce's connections per server and the event-loop threads that drive them. */
    public Builder connections(int count, int eventLoops) {
      connections = count;
      eventLoopThreads = eventLoops;
      return this;
    }

    public Builder poolSize(int value) {
      poolSize = value;
      return this;
    }

    /** YCSB's {@code fieldcount} and {@code fieldnameprefix}. */
    public Builder fields(int count, String namePrefix) {
      fieldCount = count;
      fieldNamePrefix = Objects.requireNonNull(namePrefix, "namePrefix");
      return this;
    }

    public Builder client(ClientLibrary value) {
      client = Objects.requireNonNull(value, "client");
      return this;
    }

    /**
     * Operations per pipeline; {@code asyncEngineValue}: whether the run uses the runner's
     * {@code async} engine, the only one that keeps several operations of a client in flight.
     */
    public Builder batch(int value, boolean asyncEngineValue) {
      batch = value;
      asyncEngine = asyncEngineValue;
      return this;
    }

    /** The pauses of a client while the server cannot be reached: doubling from {@code min} up to {@code max} ms. */
    public Builder replicas(Replicas value) {
      replicas = Objects.requireNonNull(value, "replicas");
      return this;
    }

    public Builder durability(Durability value) {
      durability = Objects.requireNonNull(value, "durability");
      return this;
    }

    public Builder sentinels(Sentinels value) {
      sentinels = value;
      return this;
    }

    public Builder backoff(int minMillis, int maxMillis) {
      backoffMinMillis = minMillis;
      backoffMaxMillis = maxMillis;
      return this;
    }

    /** @throws PropertyException for settings that cannot be used (together) */
    public RedisOptions build() {
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
      require(tls || (tlsCa == null && tlsCert == null && tlsKey == null), PropertyException.message(TLS, "false",
          "true when " + TLS_CA + ", " + TLS_CERT + " or " + TLS_KEY + " is set (TLS files without TLS are refused"
              + " rather than connecting in plain text)"));
      require(tlsKey != null || tlsCert == null, PropertyException.message(TLS_CERT, String.valueOf(tlsCert),
          "only together with " + TLS_KEY + " (the client certificate and its key)"));
      require(tlsCert != null || tlsKey == null, PropertyException.message(TLS_KEY, String.valueOf(tlsKey),
          "only together with " + TLS_CERT + " (the client certificate and its key)"));
      require(user == null || password != null, PropertyException.message(USER, user, "only with a password ("
          + PASSWORD + ", " + PASSWORD_FILE + " or " + PASSWORD_ENV + ")"));
      require(batch >= 1, PropertyException.message(BATCH, Integer.toString(batch), "a whole number >= 1"));
      require(batch == 1 || client == ClientLibrary.JEDIS, PropertyException.message(BATCH, Integer.toString(batch),
          "1 unless " + CLIENT + "=jedis, whose pipelines it sizes (with " + CLIENT + "=lettuce share connections"
              + " with " + CONNECTIONS + ": threadcount / " + CONNECTIONS + " operations in flight per connection)"));
      require(batch == 1 || asyncEngine, PropertyException.message(BATCH, Integer.toString(batch), "1 unless"
          + " runner.engine=async: a pipeline is filled by the operations in flight (-threads), and a synchronous"
          + " client has one"));
      require(backoffMinMillis >= 1, PropertyException.message(BACKOFF_MIN, Integer.toString(backoffMinMillis),
          "a positive number of milliseconds"));
      require(backoffMaxMillis >= backoffMinMillis, PropertyException.message(BACKOFF_MAX,
          Integer.toString(backoffMaxMillis), "a number of milliseconds from " + BACKOFF_MIN + " ("
              + backoffMinMillis + ")"));
      require(scan == ScanMode.NONE || client == ClientLibrary.JEDIS, PropertyException.message(SCAN,
          scan.propertyValue(), "none unless " + CLIENT + "=jedis (the scan index is implemented for Jedis only)"));
      return new RedisOptions(this);
    }

    private static void require(boolean ok, String message) {
      if (!ok) {
        throw new PropertyException(message);
      }
    }
  }
}
