package io.github.ycsbtiers.testing;

/**
 * What the nodes of a {@link RedisCluster} are started with: how many masters and replicas, the
 * password of every node, and where each listens. Without a namespace every node is on loopback;
 * with one, the last master runs inside it and every other node listens on its gateway, because
 * a node inside cannot reach this host's loopback and the Cluster bus joins every node to every
 * other.
 */
record ClusterLayout(int masters, int replicasPerMaster, String password, NetworkNamespace namespace) {

  ClusterLayout {
    if (masters < 1) {
      throw new IllegalArgumentException("a Redis Cluster needs at least 1 master, not " + masters);
    }
    if (masters < RedisCluster.MIN_MASTERS && replicasPerMaster > 0) {
      throw new IllegalArgumentException("replicas need at least " + RedisCluster.MIN_MASTERS + " masters (redis-cli"
          + " --cluster create), not " + masters);
    }
    if (namespace != null && replicasPerMaster > 0) {
      // redis-cli --cluster create chooses which node replicates which: the namespace's could be one
      throw new IllegalArgumentException("a Cluster with a master in a namespace has no replicas");
    }
  }

  /** Fewer masters than redis-cli --cluster create accepts: {@link ClusterSlots} puts them together. */
  boolean byHand() {
    return masters < RedisCluster.MIN_MASTERS;
  }

  int nodes() {
    return masters * (1 + replicasPerMaster);
  }

  /** The options of node {@code index}; redis-cli --cluster create makes the first {@link #masters} masters. */
  RedisServer.Builder node(int index) {
    RedisServer.Builder builder = RedisServer.builder().clusterEnabled(true).ports(Ports::freeClusterPort);
    if (password != null) {
      builder.requirePass(password).config("masterauth", ServerConfig.quote(password));
    }
    if (replicasPerMaster > 0) {
      builder.config("cluster-node-timeout", Integer.toString(RedisCluster.FAILOVER_NODE_TIMEOUT_MS));
    }
    String host = RedisServer.HOST;
    if (namespace != null && index == masters - 1) {
      builder.inNamespace(namespace);
      host = namespace.address();
    } else if (namespace != null) {
      builder.bind(namespace.gateway());
      host = namespace.gateway();
    }
    if (byHand()) {
      // a lone master never learns its own address from a peer: CLUSTER SLOTS would give clients none
      builder.config("cluster-announce-ip", host);
    }
    return builder;
  }
}
