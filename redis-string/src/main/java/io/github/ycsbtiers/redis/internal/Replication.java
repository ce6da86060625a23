package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.redis.durability.LostWriteCheck;
import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.topology.ReplicationLag;
import io.github.ycsbtiers.redis.topology.Topology;
import java.util.List;
import java.util.function.Consumer;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;

/**
 * What one shared client keeps about replication: the primary the Sentinels name and its switches,
 * the replicas reads go to and their lag, the acknowledged writes and the versions of written
 * values. Found once the client is open, and closed around it: the lost-write check before the
 * clients close, the endpoints' sections after.
 */
final class Replication {
  /** How often the replicas' replication lag is sampled when reads go to them. */
  private static final long LAG_PERIOD_MILLIS = 500;
  private final RedisOptions options;
  private final WriteLedger ledger;
  private final ValueVersions versions;
  private Topology topology;
  private SentinelPrimary sentinel;
  private ReplicationLag lag;

  Replication(RedisOptions options) {
    this.options = options;
    this.ledger = options.durability().checkLostWrites() ? new WriteLedger() : null;
    this.versions = options.durability().versioned() ? new ValueVersions() : null;
  }

  /**
   * The options the client opens with: with Sentinels, the primary they name now (the shared
   * client stays keyed by the options as given).
   */
  RedisOptions resolve() throws DBException {
    return SentinelPrimary.resolve(options);
  }

  /**
   * The client opened with {@code o} (which checked that the server answers): find the replicas,
   * follow the primary. Under Sentinels, a new primary is handed to {@code primaryMoved} and, when
   * reads go to replicas, where the replica slots point after the replicas changed to {@code
   * replicasMoved} (one address per replica slot, in order).
   */
  void opened(RedisOptions o, Consumer<HostAndPort> primaryMoved, Consumer<List<HostAndPort>> replicasMoved)
      throws DBException {
    Topology t = discover(o);
    topology = t;
    lag = t.sampleLag(Connector.clientConfig(o), LAG_PERIOD_MILLIS);
    sentinel = SentinelPrimary.follow(o, now -> {
      t.primaryMoved(now);
      primaryMoved.accept(now);
      // at once, before the Sentinels list the replicas again (they take a second or two to
      // reconnect to them): the connections to the promoted replica move to the other replicas
      List<HostAndPort> slots = t.routed() ? t.replicasNow(t.replicasPointed()) : null;
      if (slots != null) {
        replicasMoved.accept(slots);
      }
    }, !t.routed() ? null : online -> {
      List<HostAndPort> slots = t.replicasNow(online);
      if (slots != null) {
        replicasMoved.accept(slots);
      }
    }, t.replicas(), System.err);
  }

  private static Topology discover(RedisOptions o) throws DBException {
    try {
      return Topology.discover(o.endpoints().get(0), o.replicas(), o.cluster(), Connector.clientConfig(o));
    } catch (PropertyException e) {
      throw new DBException(e.getMessage(), e);
    } catch (JedisException e) {
      throw new DBException("cannot read INFO replication of redis at " + o.endpoints().get(0) + ": "
          + e.getMessage(), e);
    }
  }

  Topology topology() {
    return topology;
  }

  WriteLedger ledger() {
    return ledger;
  }

  ValueVersions versions() {
    return versions;
  }

  /** Before the clients close, after the run: stops following the primary and checks the acknowledged writes on it. */
  void ending() {
    HostAndPort primary = sentinel != null ? sentinel.current() : options.endpoints().get(0);
    if (sentinel != null) {
      sentinel.close();
      sentinel = null;
    }
    if (ledger != null && topology != null) {
      try {
        LostWriteCheck.run(ledger, primary, Connector.clientConfig(options), System.err);
      } catch (DBException e) {
        System.err.println("redis-string: no lost-write check: " + e.getMessage());
      }
    }
  }

  /** After the clients closed: the lag sampling stops and each endpoint's section is published. */
  void ended() {
    if (lag != null) {
      lag.close();
      lag = null;
    }
    if (topology != null) {
      topology.publish();
    }
  }
}
