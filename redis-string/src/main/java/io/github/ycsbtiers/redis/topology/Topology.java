package io.github.ycsbtiers.redis.topology;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.options.ReadFrom;
import io.github.ycsbtiers.redis.options.RedisProperties;
import io.github.ycsbtiers.redis.options.Replicas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A standalone primary and the replicas reads may go to, with each endpoint's figures: found when
 * the shared client opens, from the replicas the user listed or else from the primary's {@code
 * INFO replication} (online replicas only), on a connection of its own. Each logical client has a
 * slot per endpoint (the primary's, then one per replica found); under Sentinels a failover points
 * the slots at the new primary and at the replicas the Sentinels then name ({@link #primaryMoved},
 * {@link #replicasNow}), and the figures stay per address.
 */
public final class Topology {
  private final ReadFrom readFrom;
  private final List<HostAndPort> replicas;
  private final List<EndpointSlot> slots = new ArrayList<>();
  /** Every endpoint that a slot pointed at, by address, in the order first pointed at. */
  private final Map<String, EndpointStats> byAddress = new LinkedHashMap<>();
  /** Where each slot points now. */
  private final HostAndPort[] pointed;

  Topology(ReadFrom readFrom, HostAndPort primary, List<HostAndPort> replicas) {
    this.readFrom = readFrom;
    this.replicas = List.copyOf(replicas);
    this.pointed = new HostAndPort[1 + replicas.size()];
    pointed[0] = primary;
    slots.add(new EndpointSlot(stats(primary, "primary")));
    for (int i = 0; i < replicas.size(); i++) {
      pointed[i + 1] = replicas.get(i);
      slots.add(new EndpointSlot(stats(replicas.get(i), "replica")));
    }
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

  /** The replicas found when the client opened, one slot each; empty with {@code read_from=primary}. */
  public List<HostAndPort> replicas() {
    return replicas;
  }

  /** Where the replica slots point now: {@link #replicas()} until a failover moved them. */
  public synchronized List<HostAndPort> replicasPointed() {
    return List.of(pointed).subList(1, pointed.length);
  }

  /** Whether reads may leave the primary, so that endpoints are measured and reported. */
  public boolean routed() {
    return !replicas.isEmpty();
  }

  /** The slots of a logical client: the primary's, then each replica's. */
  public List<EndpointSlot> slots() {
    return slots;
  }

  /** Every endpoint's figures, in the order first used: the primary, the replicas, then any a failover brought. */
  public synchronized List<EndpointStats> endpoints() {
    return List.copyOf(byAddress.values());
  }

  /** The primary now. */
  public synchronized HostAndPort primary() {
    return pointed[0];
  }

  /** A router for one logical client. */
  public ReadRouter router() {
    return new ReadRouter(slots, readFrom);
  }

  /** The Sentinels named {@code now} the primary: the primary's slot points at it. */
  public synchronized void primaryMoved(HostAndPort now) {
    if (now.equals(pointed[0])) {
      return;
    }
    stats(pointed[0], "primary").role("former primary");
    pointed[0] = now;
    EndpointStats s = stats(now, "primary");
    s.role("primary");
    slots.get(0).point(s);
  }

  /**
   * The replicas the Sentinels name now ({@code online}, the primary left out): each replica slot
   * keeps its replica while that one is online and not over its share, the others take the least
   * used online ones. Returns where each replica slot points, if any moved; else null (also when
   * none is online: the slots stay where they are until one is).
   */
  public synchronized List<HostAndPort> replicasNow(List<HostAndPort> online) {
    List<HostAndPort> usable = new ArrayList<>(new java.util.LinkedHashSet<>(online));
    usable.remove(pointed[0]);
    int n = pointed.length - 1;
    if (usable.isEmpty() || n == 0) {
      return null;
    }
    int share = (n + usable.size() - 1) / usable.size();
    Map<HostAndPort, Integer> used = new HashMap<>();
    HostAndPort[] next = new HostAndPort[n];
    for (int i = 0; i < n; i++) {
      HostAndPort was = pointed[i + 1];
      if (usable.contains(was) && used.getOrDefault(was, 0) < share) {
        next[i] = was;
        used.merge(was, 1, Integer::sum);
      }
    }
    for (int i = 0; i < n; i++) {
      if (next[i] == null) {
        HostAndPort least = usable.get(0);
        for (HostAndPort u : usable) {
          least = used.getOrDefault(u, 0) < used.getOrDefault(least, 0) ? u : least;
        }
        next[i] = least;
        used.merge(least, 1, Integer::sum);
      }
    }
    boolean moved = false;
    for (int i = 0; i < n; i++) {
      if (!next[i].equals(pointed[i + 1])) {
        moved = true;
        pointed[i + 1] = next[i];
        EndpointStats s = stats(next[i], "replica");
        s.role("replica");
        slots.get(i + 1).point(s);
      }
    }
    return moved ? List.of(next) : null;
  }

  private EndpointStats stats(HostAndPort at, String role) {
    return byAddress.computeIfAbsent(at.toString(), a -> new EndpointStats(a, role));
  }

  /** Starts sampling the replicas' lag from the primary's INFO every {@code periodMillis}; null without replicas. */
  public ReplicationLag sampleLag(JedisClientConfig config, long periodMillis) {
    return routed() ? ReplicationLag.start(this, config, periodMillis) : null;
  }

  /** Publishes an {@code [ENDPOINT-host:port]} section per endpoint, when reads left the primary. */
  public void publish() {
    if (routed()) {
      endpoints().forEach(e -> ResultSections.publish(e.section()));
    }
  }
}
