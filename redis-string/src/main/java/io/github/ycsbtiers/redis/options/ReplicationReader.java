package io.github.ycsbtiers.redis.options;

import static io.github.ycsbtiers.redis.options.RedisProperties.CLIENT;
import static io.github.ycsbtiers.redis.options.RedisProperties.CLUSTER;
import static io.github.ycsbtiers.redis.options.RedisProperties.COMMAND_GROUP;
import static io.github.ycsbtiers.redis.options.RedisProperties.HOST;
import static io.github.ycsbtiers.redis.options.RedisProperties.LOST_WRITES;
import static io.github.ycsbtiers.redis.options.RedisProperties.READ_FROM;
import static io.github.ycsbtiers.redis.options.RedisProperties.REPLICAS;
import static io.github.ycsbtiers.redis.options.RedisProperties.SENTINELS;
import static io.github.ycsbtiers.redis.options.RedisProperties.SENTINEL_MASTER;
import static io.github.ycsbtiers.redis.options.RedisProperties.SENTINEL_PASSWORD;
import static io.github.ycsbtiers.redis.options.RedisProperties.SENTINEL_USER;
import static io.github.ycsbtiers.redis.options.RedisProperties.STALE_READS;
import static io.github.ycsbtiers.redis.options.RedisProperties.TIMEOUT;
import static io.github.ycsbtiers.redis.options.RedisProperties.TLS;
import static io.github.ycsbtiers.redis.options.RedisProperties.WAIT_REPLICAS;
import static io.github.ycsbtiers.redis.options.RedisProperties.WAIT_TIMEOUT;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The part of {@link OptionsReader} about replication: where reads go and which replicas
 * ({@code redis.read_from}, {@code redis.replicas}), the Sentinels ({@code redis.sentinels} and
 * what goes with it), and what is done about writes a failover may lose ({@code
 * redis.lost_writes}, {@code redis.wait.*}).
 */
final class ReplicationReader {
  /** Sentinel's own port, for a {@code redis.sentinels} entry that names none. */
  private static final int DEFAULT_SENTINEL_PORT = 26379;
  private final OptionsReader reader;
  private final PropertyReader r;

  ReplicationReader(OptionsReader reader, PropertyReader r) {
    this.reader = reader;
    this.r = r;
  }

  /**
   * {@code redis.lost_writes}, {@code redis.stale_reads} and {@code redis.wait.*}: on a standalone
   * server and the {@code string} group, with every client but Jedis' pipelines. A WAIT must end before the command times out.
   */
  Durability durability(ClientLibrary client, int timeoutMillis, boolean cluster, boolean jedisPipelines) {
    boolean check = "check".equals(r.choice(LOST_WRITES, "off", "off", "check"));
    boolean versioned = "check".equals(r.choice(STALE_READS, "off", "off", "check"));
    int replicas = r.intValue(WAIT_REPLICAS, 0, 0, 1000);
    int waitTimeout = (int) r.duration(WAIT_TIMEOUT, Math.max(1, timeoutMillis / 2), TimeUnit.MILLISECONDS, 1,
        Integer.MAX_VALUE);
    if (!check && replicas == 0 && !versioned) {
      return Durability.NONE;
    }
    String name = check ? LOST_WRITES : versioned ? STALE_READS : WAIT_REPLICAS;
    String value = check || versioned ? "check" : Integer.toString(replicas);
    if (jedisPipelines || cluster) {
      throw PropertyException.badValue(name, value, (name.equals(WAIT_REPLICAS) ? "0" : "off") + " on a Cluster and "
          + "with Jedis' pipelines (" + CLIENT + "=jedis on the async engine); every client on a standalone server "
          + "otherwise");
    }
    if (r.choice(COMMAND_GROUP, CommandGroup.class, RedisOptions.DEFAULT_COMMAND_GROUP) != CommandGroup.STRING) {
      throw PropertyException.badValue(name, value, (name.equals(WAIT_REPLICAS) ? "0" : "off") + " unless " + COMMAND_GROUP + "=string");
    }
    if (replicas > 0 && waitTimeout >= timeoutMillis) {
      throw PropertyException.badValue(WAIT_TIMEOUT, r.string(WAIT_TIMEOUT, ""), "less than " + TIMEOUT + " ("
          + timeoutMillis + " ms), so that a WAIT ends before its command times out");
    }
    return new Durability(check, replicas, waitTimeout, versioned);
  }

  /**
   * {@code redis.sentinels} and the properties that go with it, or null without Sentinels. With
   * them, the Sentinels name the primary: {@code redis.host} is refused, not silently ignored.
   */
  Sentinels sentinels(boolean cluster, boolean tls) {
    for (String name : List.of(SENTINELS, SENTINEL_MASTER, SENTINEL_USER, SENTINEL_PASSWORD)) {
      reader.noteIfUnset(name, null);
    }
    String list = reader.string(SENTINELS, "");
    String master = reader.string(SENTINEL_MASTER, "");
    if (list.isEmpty()) {
      for (String name : List.of(SENTINEL_MASTER, SENTINEL_USER)) {
        if (!reader.rawOrEmpty(name).isEmpty()) {
          throw PropertyException.badValue(name, reader.rawOrEmpty(name), "unset unless " + SENTINELS + " names the Sentinels");
        }
      }
      if (!reader.rawOrEmpty(SENTINEL_PASSWORD).isEmpty()) {
        throw new PropertyException(SENTINEL_PASSWORD + " is set without " + SENTINELS + ", which names the Sentinels"
            + " it is for");
      }
      return null;
    }
    if (master.isEmpty()) {
      throw new PropertyException(SENTINELS + " needs " + SENTINEL_MASTER + ", the name the Sentinels monitor the "
          + "primary under");
    }
    String why = cluster ? CLUSTER + "=true (a Cluster fails over by itself)" : !reader.rawOrEmpty(HOST).isBlank() ? HOST
        + " (the Sentinels name the primary; give one or the other)" : null;
    if (why != null) {
      throw PropertyException.badValue(SENTINELS, list, "unset with " + why);
    }
    String user = reader.string(SENTINEL_USER, "");
    String password = reader.rawOrEmpty(SENTINEL_PASSWORD);
    if (!user.isEmpty() && password.isEmpty()) {
      throw PropertyException.badValue(SENTINEL_USER, user, "only with " + SENTINEL_PASSWORD);
    }
    return new Sentinels(OptionsReader.hostList(SENTINELS, list, DEFAULT_SENTINEL_PORT), master, user.isEmpty() ? null : user,
        password.isEmpty() ? null : password);
  }

  /** {@code redis.read_from} and {@code redis.replicas}: reads from a Cluster's replicas are not supported yet. */
  Replicas replicas(int defaultPort, boolean cluster, ClientLibrary client) {
    ReadFrom readFrom = ReadFrom.of(r.choice(READ_FROM, ReadFrom.PRIMARY.propertyValue(), ReadFrom.propertyValues()));
    reader.noteIfUnset(REPLICAS, null);
    String listed = reader.string(REPLICAS, "");
    if (cluster && readFrom.usesReplicas() && client != ClientLibrary.LETTUCE) {
      throw PropertyException.badValue(READ_FROM, readFrom.propertyValue(), "primary with " + CLUSTER
          + "=true and " + CLIENT + "=" + client.propertyValue() + " (Lettuce reads from a Cluster's replicas)");
    }
    if (cluster && !listed.isEmpty()) {
      throw PropertyException.badValue(REPLICAS, listed, "unset with " + CLUSTER + "=true (each shard's replicas are "
          + "found in the Cluster's slot map)");
    }
    if (readFrom.usesReplicas() && !reader.string(SENTINELS, "").isEmpty() && client != ClientLibrary.NETTY) {
      throw PropertyException.badValue(READ_FROM, readFrom.propertyValue(), "primary with " + SENTINELS
          + " and " + CLIENT + "=" + client.propertyValue() + " (the binding's own client, " + CLIENT
          + "=netty, reads from the replicas Sentinels name)");
    }
    if (!listed.isEmpty() && !readFrom.usesReplicas()) {
      throw PropertyException.badValue(REPLICAS, listed, "unset while " + READ_FROM + " is primary (set "
          + READ_FROM + " to replica, replica-preferred, nearest or any to read from them)");
    }
    return new Replicas(readFrom, listed.isEmpty() ? List.of() : OptionsReader.hostList(REPLICAS, listed, defaultPort));
  }
}
