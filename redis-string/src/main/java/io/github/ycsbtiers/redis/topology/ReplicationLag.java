package io.github.ycsbtiers.redis.topology;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The replicas' replication lag over the run, from the primary's {@code INFO replication}: every
 * {@code periodMillis} the primary's {@code master_repl_offset} less each replica's {@code offset},
 * in bytes, recorded in that replica's {@link EndpointStats}. On a thread and a connection of its
 * own; a sample the primary does not answer is skipped.
 */
public final class ReplicationLag implements AutoCloseable {
  private final ScheduledExecutorService timer;
  private final Topology topology;
  private final JedisClientConfig config;
  /** The connection to the primary, opened again when a failover moved it; guarded by this. */
  private Jedis primary;
  private HostAndPort connectedTo;

  private ReplicationLag(Topology topology, JedisClientConfig config, long periodMillis) {
    this.topology = topology;
    this.config = config;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "replication-lag");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(this::sample, 0, periodMillis, TimeUnit.MILLISECONDS);
  }

  /** Samples the lag of the endpoints of {@code topology} (their addresses as its primary now lists them) until closed. */
  static ReplicationLag start(Topology topology, JedisClientConfig config, long periodMillis) {
    return new ReplicationLag(topology, config, periodMillis);
  }

  private void sample() {
    String info;
    try {
      synchronized (this) {
        HostAndPort now = topology.primary();
        if (primary != null && !now.equals(connectedTo)) {
          primary.close();
          primary = null;
        }
        if (primary == null) {
          primary = new Jedis(now, config);
          connectedTo = now;
        }
        info = primary.info("replication");
      }
    } catch (JedisException e) {
      return;
    }
    record(info, topology.endpoints());
  }

  /** Records the lag of each of {@code replicas} that {@code info} lists. */
  static void record(String info, List<EndpointStats> replicas) {
    long primaryOffset = -1;
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("master_repl_offset:")) {
        primaryOffset = Long.parseLong(line.substring("master_repl_offset:".length()).trim());
      }
    }
    if (primaryOffset < 0) {
      return;
    }
    for (ReplicaDiscovery.Listed r : ReplicaDiscovery.listed(info)) {
      for (EndpointStats s : replicas) {
        if (s.address().equals(r.address().toString())) {
          s.lag(Math.max(0, primaryOffset - r.offset()));
        }
      }
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
    try {
      timer.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (primary != null) {
        primary.close();
        primary = null;
      }
    }
  }
}
