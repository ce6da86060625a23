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
  private final Jedis primary;

  private ReplicationLag(Jedis primary, List<EndpointStats> replicas, long periodMillis) {
    this.primary = primary;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "replication-lag");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleWithFixedDelay(() -> sample(replicas), 0, periodMillis, TimeUnit.MILLISECONDS);
  }

  /** Samples the lag of {@code replicas} (their addresses as the primary lists them) until closed. */
  public static ReplicationLag start(HostAndPort primary, JedisClientConfig config, List<EndpointStats> replicas,
                                     long periodMillis) {
    return new ReplicationLag(new Jedis(primary, config), replicas, periodMillis);
  }

  private void sample(List<EndpointStats> replicas) {
    String info;
    try {
      synchronized (primary) {
        info = primary.info("replication");
      }
    } catch (JedisException e) {
      return;
    }
    record(info, replicas);
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
    synchronized (primary) {
      primary.close();
    }
  }
}
