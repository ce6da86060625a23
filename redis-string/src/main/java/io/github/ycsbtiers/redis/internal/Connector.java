package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.options.Sentinels;
import io.github.ycsbtiers.redis.topology.SentinelWatch;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.net.ssl.SSLContext;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.BuilderFactory;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.JedisSentineled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import site.ycsb.DBException;

/**
 * Opens the Jedis client of one set of options ({@link JedisPooled} or {@link JedisCluster}) and
 * proves it works before any operation: every connection problem (host, password, TLS, Cluster or
 * not) surfaces here, in init, as one {@link DBException} line instead of as failed operations.
 */
public final class Connector {
  private Connector() {
  }

  static UnifiedJedis open(RedisOptions o) throws DBException {
    JedisClientConfig config = clientConfig(o);
    UnifiedJedis jedis = null;
    try {
      if (o.cluster()) {
        // the constructor already asks the seeds for the slot map. A command's retries (redirections,
        // a refreshed slot map) end with redis.timeout: with Jedis' default, 5 x redis.timeout, a
        // command to a master cut off for 2 s waited 2.2 s (redis.timeout=1000) and then succeeded,
        // an outage that was never reported (ClusterPartitionIT)
        jedis = new MappedCluster(new LinkedHashSet<>(o.endpoints()), config, JedisCluster.DEFAULT_MAX_ATTEMPTS,
            Duration.ofMillis(o.timeoutMillis()), poolConfig(o));
        jedis.ping();
      } else if (o.sentinels() != null) {
        // Jedis follows the Sentinels' +switch-master itself and moves its pool to the new primary
        Sentinels sentinels = o.sentinels();
        jedis = new JedisSentineled(sentinels.master(), config, poolConfig(o), new LinkedHashSet<>(sentinels.addresses()),
            sentinelConfig(o));
        jedis.ping();
      } else {
        JedisPooled pooled = new JedisPooled(o.endpoints().get(0), config, poolConfig(o));
        jedis = pooled;
        pooled.ping();
        refuseClusterNode(pooled, o);
        warmUp(pooled, o);
      }
      return jedis;
    } catch (RuntimeException e) {
      closeQuietly(jedis);
      throw InitFailures.describe(e, o);
    } catch (DBException e) {
      closeQuietly(jedis);
      throw e;
    }
  }

  /** A pool to {@code replica} of the standalone primary of {@code o}, with its settings, opened in full and PINGed. */
  static UnifiedJedis openReplica(RedisOptions o, HostAndPort replica) throws DBException {
    JedisPooled pooled = null;
    try {
      pooled = new JedisPooled(replica, clientConfig(o), poolConfig(o));
      pooled.ping();
      warmUp(pooled, o);
      return pooled;
    } catch (RuntimeException e) {
      closeQuietly(pooled);
      throw new DBException("cannot connect to redis replica " + replica + ": " + e.getMessage(), e);
    }
  }

  /** The connection settings of {@code o}: timeouts, ACL user and password, database, TLS. */
  public static JedisClientConfig clientConfig(RedisOptions o) throws DBException {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(o.timeoutMillis())
        .socketTimeoutMillis(o.timeoutMillis())
        .user(o.auth().user())
        .password(o.auth().password())
        .database(o.database());
    if (o.tls().enabled()) {
      // Like redis-cli, the server certificate is checked against the CA but its host name is
      // not: Cluster nodes are reached at the addresses they announce, often bare IPs.
      try {
        SSLContext tls = PemTls.context(o.tls().ca(), o.tls().cert(), o.tls().key());
        b.ssl(true).sslSocketFactory(tls.getSocketFactory());
      } catch (IllegalArgumentException e) {
        throw new DBException(e.getMessage(), e);
      }
    }
    return b.build();
  }

  /** How the Sentinels of {@code o} are reached: their own credentials, and TLS as the servers are. */
  public static JedisClientConfig sentinelConfig(RedisOptions o) throws DBException {
    return SentinelWatch.config(o.sentinels(), o.timeoutMillis(), o.tls().enabled() ? tls(o).getSocketFactory() : null);
  }

  private static SSLContext tls(RedisOptions o) throws DBException {
    try {
      return PemTls.context(o.tls().ca(), o.tls().cert(), o.tls().key());
    } catch (IllegalArgumentException e) {
      throw new DBException(e.getMessage(), e);
    }
  }

  /** One pool per server of {@code redis.pool.size} connections; no JMX, no idle tests, no eviction thread. */
  private static GenericObjectPoolConfig<Connection> poolConfig(RedisOptions o) {
    GenericObjectPoolConfig<Connection> c = new GenericObjectPoolConfig<>();
    c.setMaxTotal(o.poolSize());
    c.setMaxIdle(o.poolSize());
    c.setMinIdle(0);
    c.setBlockWhenExhausted(true);
    c.setMaxWait(Duration.ofMillis(o.timeoutMillis()));
    c.setJmxEnabled(false);
    return c;
  }

  /**
   * A Cluster node answers only for its own slots (MOVED for the rest), so using one as a
   * standalone server would fail most operations; servers that refuse INFO are let through.
   */
  private static void refuseClusterNode(JedisPooled jedis, RedisOptions o) throws DBException {
    String info;
    try {
      info = jedis.executeCommand(new CommandObject<>(new CommandArguments(Protocol.Command.INFO).add("cluster"),
          BuilderFactory.STRING));
    } catch (JedisDataException e) {
      return;
    }
    if (info != null && info.contains("cluster_enabled:1")) {
      throw InitFailures.clusterNode(o);
    }
  }

  /** Opens the whole pool now, so that connection set-up is not timed as part of the first operations. */
  private static void warmUp(JedisPooled jedis, RedisOptions o) {
    int missing = o.poolSize() - jedis.getPool().getNumIdle() - jedis.getPool().getNumActive();
    try {
      jedis.getPool().addObjects(Math.max(0, missing));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /** The slot map of a Cluster client that {@link #open} opened. */
  static ClusterOutages.Masters masters(UnifiedJedis cluster) {
    return (MappedCluster) cluster;
  }

  /** A {@link JedisCluster} that tells the master of a slot from its slot map (its connection provider's cache). */
  private static final class MappedCluster extends JedisCluster implements ClusterOutages.Masters {
    MappedCluster(Set<HostAndPort> nodes, JedisClientConfig config, int maxAttempts, Duration maxTotalRetries,
                  GenericObjectPoolConfig<Connection> poolConfig) {
      super(nodes, config, maxAttempts, maxTotalRetries, poolConfig);
    }

    @Override
    public Object masterOf(int slot) {
      return ((ClusterConnectionProvider) provider).getNode(slot);
    }

    @Override
    public String name(Object master) {
      return master.toString();
    }

    int openConnections() {
      int n = 0;
      for (var pool : ((ClusterConnectionProvider) provider).getNodes().values()) {
        n += pool.getNumActive() + pool.getNumIdle();
      }
      return n;
    }
  }

  /** The connections a client's pools hold now, in use or idle (each an open socket). */
  static int openConnections(UnifiedJedis jedis) {
    if (jedis instanceof JedisPooled pooled) {
      return pooled.getPool().getNumActive() + pooled.getPool().getNumIdle();
    }
    if (jedis instanceof MappedCluster cluster) {
      return cluster.openConnections();
    }
    return 0;
  }

  static void closeQuietly(UnifiedJedis jedis) {
    if (jedis != null) {
      try {
        jedis.close();
      } catch (RuntimeException e) {
        // closing sockets of a pool that is being dropped; nothing to report
      }
    }
  }
}
