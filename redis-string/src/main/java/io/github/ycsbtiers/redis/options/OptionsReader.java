package io.github.ycsbtiers.redis.options;

import static io.github.ycsbtiers.redis.options.RedisProperties.BACKOFF_MAX;
import static io.github.ycsbtiers.redis.options.RedisProperties.BACKOFF_MIN;
import static io.github.ycsbtiers.redis.options.RedisProperties.BATCH;
import static io.github.ycsbtiers.redis.options.RedisProperties.CLIENT;
import static io.github.ycsbtiers.redis.options.RedisProperties.CLUSTER;
import static io.github.ycsbtiers.redis.options.RedisProperties.COMMAND_GROUP;
import static io.github.ycsbtiers.redis.options.RedisProperties.CONNECTIONS;
import static io.github.ycsbtiers.redis.options.RedisProperties.DATABASE;
import static io.github.ycsbtiers.redis.options.RedisProperties.HOST;
import static io.github.ycsbtiers.redis.options.RedisProperties.PASSWORD;
import static io.github.ycsbtiers.redis.options.RedisProperties.PASSWORD_ENV;
import static io.github.ycsbtiers.redis.options.RedisProperties.PASSWORD_FILE;
import static io.github.ycsbtiers.redis.options.RedisProperties.POOL_SIZE;
import static io.github.ycsbtiers.redis.options.RedisProperties.PORT;
import static io.github.ycsbtiers.redis.options.RedisProperties.READ_FROM;
import static io.github.ycsbtiers.redis.options.RedisProperties.SCAN;
import static io.github.ycsbtiers.redis.options.RedisProperties.SENTINELS;
import static io.github.ycsbtiers.redis.options.RedisProperties.TIMEOUT;
import static io.github.ycsbtiers.redis.options.RedisProperties.TLS;
import static io.github.ycsbtiers.redis.options.RedisProperties.TLS_CA;
import static io.github.ycsbtiers.redis.options.RedisProperties.TLS_CERT;
import static io.github.ycsbtiers.redis.options.RedisProperties.TLS_KEY;
import static io.github.ycsbtiers.redis.options.RedisProperties.USER;

import io.github.ycsbtiers.api.PropertyDefaults;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import redis.clients.jedis.HostAndPort;

/** Reads {@link RedisOptions} from YCSB properties; every failure names the property and what is allowed. */
final class OptionsReader {
  private static final String PREFIX = "redis.";
  private static final String PORTS = "from 1 to 65535";

  private final Properties props;
  /** The binding's values may come from shell variables: a blank one counts as not given. */
  private final PropertyReader r;
  private final Function<String, String> environment;

  OptionsReader(Properties props, Function<String, String> environment) {
    this.props = props;
    this.r = PropertyReader.blankAsUnset(props);
    this.environment = environment;
  }

  RedisOptions read() {
    refuseUnknownNames();
    int threads = r.intValue("threadcount", RedisOptions.DEFAULT_POOL_SIZE, 1, Integer.MAX_VALUE);
    // the runner writes the engine it chose into runner.engine; upstream YCSB is synchronous
    String engine = string("runner.engine", "sync");
    boolean asyncEngine = "async".equals(engine);
    int engineThreads = Math.min(threads, lenientInt("runner.engine.threads", Runtime.getRuntime().availableProcessors()));
    ScanMode scan = r.choice(SCAN, ScanMode.class, RedisOptions.DEFAULT_SCAN);
    boolean cluster = r.bool(CLUSTER, false);
    boolean tls = r.bool(TLS, false);
    boolean templates = templates();
    ClientLibrary client = r.choice(CLIENT, ClientLibrary.class,
        defaultClient(engine, scan, cluster || tls || templates));
    boolean jedisPipelines = asyncEngine && client == ClientLibrary.JEDIS;
    ReplicationReader replication = new ReplicationReader(this, r);
    int port = r.intValue(PORT, RedisOptions.DEFAULT_PORT, 1, 65535);
    int timeout = (int) r.duration(TIMEOUT, RedisOptions.DEFAULT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS, 1,
        Integer.MAX_VALUE);
    noteIfUnset(HOST, RedisOptions.DEFAULT_HOST);
    List<HostAndPort> endpoints = hostList(HOST, string(HOST, RedisOptions.DEFAULT_HOST), port);
    Replicas replicas = replication.replicas(port, cluster, client);
    Sentinels sentinels = replication.sentinels(cluster, tls);
    int database = r.intValue(DATABASE, RedisOptions.DEFAULT_DATABASE, 0, Integer.MAX_VALUE);
    Tls tlsFiles = new Tls(tls, file(TLS_CA), file(TLS_CERT), file(TLS_KEY));
    CommandGroup commandGroup = r.choice(COMMAND_GROUP, CommandGroup.class, RedisOptions.DEFAULT_COMMAND_GROUP);
    // the async engine's Jedis pipelines use one connection per engine thread
    int poolSize = r.intValue(POOL_SIZE, jedisPipelines ? engineThreads : threads, 1, Integer.MAX_VALUE);
    int fieldCount = r.intValue("fieldcount", RedisOptions.DEFAULT_FIELD_COUNT, 1, Integer.MAX_VALUE);
    String fieldNamePrefix = props.getProperty("fieldnameprefix", RedisOptions.DEFAULT_FIELD_NAME_PREFIX);
    int connections = r.intValue(CONNECTIONS, threads, 1, Integer.MAX_VALUE);
    if (client == ClientLibrary.JEDIS && r.isSet(CONNECTIONS)) {
      throw PropertyException.badValue(CONNECTIONS, r.string(CONNECTIONS, ""), "only with " + CLIENT
          + "=lettuce or netty, whose connections it sets (" + CLIENT + " is jedis here; size Jedis' pool with "
          + POOL_SIZE + ")");
    }
    int perServer = Math.min(connections, threads);
    // Unset on the async engine, a Jedis pipeline holds what is in flight and is sent whenever the
    // engine waits: measured, this gave both the highest rate and the lowest tail (docs/performance.md).
    int batch = props.getProperty(BATCH) == null && jedisPipelines
        ? threads : r.intValue(BATCH, RedisOptions.DEFAULT_BATCH, 1, 1_000_000);
    Durability durability = replication.durability(client, timeout, cluster, jedisPipelines);

    if (jedisPipelines && r.isSet(READ_FROM) && ReadFrom.of(string(READ_FROM, "")).usesReplicas()) {
      throw PropertyException.badValue(READ_FROM, string(READ_FROM, ""), "primary with " + CLIENT
          + "=jedis on the async engine (its pipelines read from the primary; netty or lettuce read from replicas there)");
    }
    if (client == ClientLibrary.NETTY) {
      refuseForNetty(CLUSTER, cluster, "a Cluster");
      refuseForNetty(TLS, tls, "TLS");
      if (templates) {
        throw PropertyException.badValue(CLIENT, "netty", "lettuce or jedis with workload="
            + props.getProperty("workload") + ", which sends command templates (netty sends record operations only)");
      }
    }
    int backoffMin = (int) r.duration(BACKOFF_MIN, RedisOptions.DEFAULT_BACKOFF_MIN_MILLIS, TimeUnit.MILLISECONDS, 1,
        60_000);
    int backoffMax = (int) r.duration(BACKOFF_MAX, Math.max(backoffMin, RedisOptions.DEFAULT_BACKOFF_MAX_MILLIS),
        TimeUnit.MILLISECONDS, 1, 600_000);
    return new RedisOptions(endpoints, credentials(), database, timeout, cluster, tlsFiles, commandGroup, scan,
        poolSize, fieldCount, fieldNamePrefix, client, batch, asyncEngine, threads, perServer,
        Math.min(engineThreads, perServer), new Backoff(backoffMin, backoffMax), replicas, sentinels, durability);
  }

  /**
   * Jedis for the synchronous engine (and upstream YCSB), the Jedis pipelines (redis.batch) and the
   * scan index; otherwise event loops that drive a connection per logical client: the binding's
   * own RESP client on a standalone server without TLS, for the record operations; Lettuce for a
   * Cluster, TLS and the command templates.
   */
  private ClientLibrary defaultClient(String engine, ScanMode scan, boolean needsLettuce) {
    if ("sync".equals(engine) || !string(BATCH, "").isEmpty() || scan == ScanMode.INDEX) {
      return ClientLibrary.JEDIS;
    }
    return needsLettuce ? ClientLibrary.LETTUCE : ClientLibrary.NETTY;
  }

  /** Whether the workload sends command templates rather than record operations. */
  private boolean templates() {
    return props.getProperty("workload", "").endsWith(".TemplateWorkload");
  }

  private static void refuseForNetty(String property, boolean set, String what) {
    if (set) {
      throw PropertyException.badValue(CLIENT, "netty", "lettuce or jedis with " + property + "=true, which asks for "
          + what + " (netty, the binding's own client, speaks to one standalone server without TLS)");
    }
  }

  private void refuseUnknownNames() {
    TreeSet<String> unknown = new TreeSet<>();
    for (String name : props.stringPropertyNames()) {
      if (name.startsWith(PREFIX) && !RedisProperties.PROPERTIES.contains(name)) {
        unknown.add(name);
      }
    }
    if (!unknown.isEmpty()) {
      throw PropertyException.unknownNames(unknown, "the redis-string binding's "
          + String.join(", ", new TreeSet<>(RedisProperties.PROPERTIES)));
    }
  }

  /** {@code redis.host} (or another list of servers): one host, or a list; an entry without a port takes {@code redis.port}. */
  static List<HostAndPort> hostList(String name, String raw, int defaultPort) {
    String allowed = "a host, or host[:port] entries separated by commas (ports " + PORTS + ")";
    List<HostAndPort> list = new ArrayList<>();
    for (String part : raw.split(",", -1)) {
      String entry = part.trim();
      if (entry.isEmpty() || entry.contains("://") || entry.contains(" ")) {
        throw PropertyException.badValue(name, raw, allowed);
      }
      String host = entry;
      String port = null;
      if (entry.startsWith("[")) {
        int close = entry.indexOf(']');
        if (close < 0 || (close < entry.length() - 1 && entry.charAt(close + 1) != ':')) {
          throw PropertyException.badValue(name, raw, allowed);
        }
        host = entry.substring(1, close);
        port = close < entry.length() - 1 ? entry.substring(close + 2) : null;
      } else if (entry.indexOf(':') >= 0 && entry.indexOf(':') == entry.lastIndexOf(':')) {
        host = entry.substring(0, entry.indexOf(':'));
        port = entry.substring(entry.indexOf(':') + 1);
      }
      if (host.isEmpty()) {
        throw PropertyException.badValue(name, raw, allowed);
      }
      list.add(new HostAndPort(host, port == null ? defaultPort : parsePort(name, port, raw, allowed)));
    }
    return list;
  }

  private static int parsePort(String name, String port, String raw, String allowed) {
    long p = PropertyValues.wholeNumber(port).orElse(0);
    if (p < 1 || p > 65535) {
      throw PropertyException.badValue(name, raw, allowed);
    }
    return (int) p;
  }

  /**
   * The password from exactly one of its three sources; {@code user:password} names the user too
   * unless {@code redis.user} is set. Messages never contain the password.
   */
  private Auth credentials() {
    List<String> given = new ArrayList<>();
    for (String name : List.of(PASSWORD, PASSWORD_FILE, PASSWORD_ENV)) {
      if (!rawOrEmpty(name).isEmpty()) {
        given.add(name);
      }
    }
    if (given.size() > 1) {
      throw new PropertyException("give only one of " + PASSWORD + ", " + PASSWORD_FILE + " and "
          + PASSWORD_ENV + ", not " + String.join(" and ", given));
    }
    for (String name : List.of(PASSWORD, PASSWORD_FILE, PASSWORD_ENV)) {
      noteIfUnset(name, null);
    }
    // no user given is the server's "default" ACL user
    noteIfUnset(USER, "default");
    String password = given.isEmpty() ? null : passwordFrom(given.get(0));
    String user = string(USER, "");
    if (user.isEmpty() && password != null && password.indexOf(':') >= 0) {
      int colon = password.indexOf(':');
      if (colon == 0) {
        throw new PropertyException("the value of " + given.get(0) + " starts with ':' (user:password form "
            + "without a user); to use a password containing ':' set " + USER + " too");
      }
      return new Auth(password.substring(0, colon), password.substring(colon + 1), true);
    }
    return new Auth(user.isEmpty() ? null : user, password, false);
  }

  private String passwordFrom(String source) {
    switch (source) {
      case PASSWORD:
        return props.getProperty(PASSWORD);
      case PASSWORD_FILE:
        Path file = file(PASSWORD_FILE);
        try {
          String text = Files.readString(file);
          return stripLineEnd(text);
        } catch (java.io.IOException | RuntimeException e) {
          throw PropertyException.badValue(PASSWORD_FILE, file.toString(), "a file readable as UTF-8 text (reading"
              + " this one failed: " + e.getClass().getSimpleName() + ")");
        }
      default:
        String variable = string(PASSWORD_ENV, "");
        String value = environment.apply(variable);
        if (value == null || value.isEmpty()) {
          throw PropertyException.badValue(PASSWORD_ENV, variable, "the name of a set, non-empty environment variable");
        }
        return value;
    }
  }

  private static String stripLineEnd(String text) {
    String s = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
  }

  private Path file(String name) {
    String raw = string(name, "");
    if (raw.isEmpty()) {
      noteIfUnset(name, null);
      return null;
    }
    try {
      Path p = Path.of(raw);
      if (Files.isRegularFile(p) && Files.isReadable(p)) {
        return p;
      }
    } catch (InvalidPathException e) {
      // reported below
    }
    throw PropertyException.badValue(name, raw, "the path of a readable file");
  }

  /** A property of the runner's, which the runner checks: its value if it is a positive int, else the default. */
  private int lenientInt(String name, int defaultValue) {
    long n = PropertyValues.wholeNumber(string(name, "")).orElse(0);
    return n > 0 && n <= Integer.MAX_VALUE ? (int) n : defaultValue;
  }

  String string(String name, String defaultValue) {
    String v = rawOrEmpty(name).trim();
    return v.isEmpty() ? defaultValue : v;
  }

  /** For the docs check ({@link PropertyDefaults}): the default {@code name} takes when unset. */
  void noteIfUnset(String name, Object defaultValue) {
    if (rawOrEmpty(name).isBlank()) {
      PropertyDefaults.note(props, name, defaultValue);
    }
  }

  String rawOrEmpty(String name) {
    String v = props.getProperty(name);
    return v == null ? "" : v;
  }
}
