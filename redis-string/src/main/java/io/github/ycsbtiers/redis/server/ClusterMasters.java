package io.github.ycsbtiers.redis.server;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/** A Cluster's masters, from {@code CLUSTER NODES} of the first seed that answers. */
final class ClusterMasters {
  private ClusterMasters() {
  }

  static List<HostAndPort> of(List<HostAndPort> seeds, JedisClientConfig config) {
    JedisException last = null;
    for (HostAndPort seed : seeds) {
      try (Jedis j = new Jedis(seed, config)) {
        return parse(j.clusterNodes(), seed.getHost());
      } catch (JedisException e) {
        last = e;
      }
    }
    throw last != null ? last : new IllegalStateException("no seed node");
  }

  /**
   * The masters of a {@code CLUSTER NODES} reply ({@code id host:port@bus flags master ...}), failed
   * ones left out; a node announcing no host is reached at {@code seedHost}.
   */
  static List<HostAndPort> parse(String nodes, String seedHost) {
    List<HostAndPort> masters = new ArrayList<>();
    for (String line : nodes.split("\r?\n")) {
      String[] f = line.trim().split(" ");
      List<String> flags = f.length < 3 ? List.of() : List.of(f[2].split(","));
      if (!flags.contains("master") || flags.contains("fail") || flags.contains("fail?")) {
        continue;
      }
      String address = f[1].split("@")[0];
      int colon = address.lastIndexOf(':');
      String host = address.substring(0, colon);
      masters.add(new HostAndPort(host.isEmpty() ? seedHost : host, Integer.parseInt(address.substring(colon + 1))));
    }
    if (masters.isEmpty()) {
      throw new IllegalStateException("CLUSTER NODES names no master");
    }
    return masters;
  }
}
