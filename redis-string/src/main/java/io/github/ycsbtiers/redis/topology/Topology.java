package io.github.ycsbtiers.redis.topology;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.options.ReadFrom;
import io.github.ycsbtiers.redis.options.RedisProperties;
import io.github.ycsbtiers.redis.options.Replicas;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A standalone primary and the replicas reads may go to, with each endpoint's figures: found once,
 * when the shared client opens, from the replicas the user listed or else from the primary's
 * {@code INFO replication} (online replicas only), on a connection of its own.
 */
public final class Topology {
  private final ReadFrom readFrom;
  private final List<HostAndPort> replicas;
  private final List<EndpointStats> endpoints;

  private Topology(ReadFrom readFrom, HostAndPort primary, List<HostAndPort> replicas) {
    this.readFrom = readFrom;
    this.replicas = List.copyOf(replicas);
    List<EndpointStats> all = new ArrayList<>();
    all.add(new EndpointStats(primary.toString(), "primary"));
    replicas.forEach(r -> all.add(new EndpointStats(r.toString(), "replica")));
    this.endpoints = List.copyOf(all);
  }

  /**
   * The replicas of {@code primary} as {@code settings} asks: none for {@code read_from=primary}.
   *
   * @throws PropertyException {@code redis.host} names a replica, or {@code read_from=replica} finds none
   * @throws JedisException the primary could not be asked
   */
  public static Topology discover(HostAndPort primary, Replicas settings, boolean cluster, JedisClientConfig config) {
    ReadFrom readFrom = settings.readFrom();
    if (!readFrom.usesReplicas() || cluster) {
      // a Cluster's client routes by itself, to the replicas of each slot's primary (Lettuce's ReadFrom)
      return new Topology(readFrom, primary, List.of());
    }
    String info;
    try (Jedis jedis = new Jedis(primary, config)) {
      info = jedis.info("replication");
    }
    if (!"master".equals(ReplicaDiscovery.role(info))) {
      throw PropertyException.badValue(RedisProperties.HOST, primary.toString(), "the primary with "
          + RedisProperties.READ_FROM + "=" + readFrom.propertyValue() + " (this server says role:"
          + ReplicaDiscovery.role(info) + "; writes go to the primary, and its replicas are found from it)");
    }
    List<HostAndPort> replicas = settings.listed().isEmpty() ? ReplicaDiscovery.onlineReplicas(info)
        : settings.listed();
    if (replicas.isEmpty() && readFrom.needsReplicas()) {
      throw PropertyException.badValue(RedisProperties.READ_FROM, readFrom.propertyValue(), "primary, "
          + "replica-preferred, nearest or any on a server without replicas (" + primary
          + " has no online replica in INFO replication), or a server with replicas");
    }
    return new Topology(readFrom, primary, replicas);
  }

  public ReadFrom readFrom() {
    return readFrom;
  }

  /** The replicas reads may go to; empty with {@code read_from=primary}. */
  public List<HostAndPort> replicas() {
    return replicas;
  }

  /** Whether reads may leave the primary, so that endpoints are measured and reported. */
  public boolean routed() {
    return !replicas.isEmpty();
  }

  /** The primary's figures, then each replica's. */
  public List<EndpointStats> endpoints() {
    return endpoints;
  }

  /** A router for one logical client. */
  public ReadRouter router() {
    return new ReadRouter(readFrom, endpoints);
  }

  /** Starts sampling the replicas' lag from {@code primary}'s INFO every {@code periodMillis}; null without replicas. */
  public ReplicationLag sampleLag(HostAndPort primary, JedisClientConfig config, long periodMillis) {
    return routed() ? ReplicationLag.start(primary, config, endpoints.subList(1, endpoints.size()), periodMillis)
        : null;
  }

  /** Publishes an {@code [ENDPOINT-host:port]} section per endpoint, when reads left the primary. */
  public void publish() {
    if (routed()) {
      endpoints.forEach(e -> ResultSections.publish(e.section()));
    }
  }
}
