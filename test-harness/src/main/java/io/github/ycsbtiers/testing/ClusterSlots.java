package io.github.ycsbtiers.testing;

import java.util.List;

/**
 * Makes a Redis Cluster of cluster-enabled masters by hand, as {@code redis-cli --cluster create}
 * does but for any number of masters (it refuses fewer than three): each node gets a distinct
 * config epoch and an equal contiguous range of the 16384 slots ({@code CLUSTER ADDSLOTSRANGE},
 * Redis 7.0 and later), then the first node meets every other. The caller waits for the nodes to
 * agree ({@code cluster_state:ok} everywhere).
 */
final class ClusterSlots {
  static final int SLOTS = 16384;

  private ClusterSlots() {
  }

  /** The first slot of master {@code index} of {@code masters}; {@code first(masters, masters)} is {@link #SLOTS}. */
  static int first(int index, int masters) {
    return (int) ((long) SLOTS * index / masters);
  }

  static void assign(List<RedisServer> masters) {
    int n = masters.size();
    for (int i = 0; i < n; i++) {
      RedisServer node = masters.get(i);
      // distinct epochs from the start, as redis-cli sets them: no epoch collision to resolve later
      node.cli("CLUSTER", "SET-CONFIG-EPOCH", Integer.toString(i + 1));
      node.cli("CLUSTER", "ADDSLOTSRANGE", Integer.toString(first(i, n)), Integer.toString(first(i + 1, n) - 1));
    }
    RedisServer seed = masters.get(0);
    for (RedisServer other : masters.subList(1, n)) {
      seed.cli("CLUSTER", "MEET", other.host(), Integer.toString(other.port()));
    }
  }
}
