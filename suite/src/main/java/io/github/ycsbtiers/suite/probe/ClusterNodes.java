package io.github.ycsbtiers.suite.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The masters of a Redis Cluster target, found from its seed's {@code CLUSTER NODES}, each probed
 * on its own connection (opened for the call and closed after it, never during a measurement).
 */
public final class ClusterNodes {
  private ClusterNodes() {
  }

  /** The masters' endpoints, in CLUSTER NODES order; the seed's credentials. */
  public static List<RedisEndpoint> masters(RedisProbe seed) {
    List<RedisEndpoint> masters = new ArrayList<>();
    for (String line : seed.clusterNodes().split("\r?\n")) {
      String[] f = line.trim().split(" ");
      if (f.length < 3 || !(("," + f[2] + ",").contains(",master,")) || f[2].contains("fail")) {
        continue;
      }
      String address = f[1].contains("@") ? f[1].substring(0, f[1].indexOf('@')) : f[1];
      int colon = address.lastIndexOf(':');
      String host = address.substring(0, colon);
      if (host.startsWith("[") && host.endsWith("]")) {
        host = host.substring(1, host.length() - 1);
      }
      int port = Integer.parseInt(address.substring(colon + 1));
      masters.add(seed.endpoint().at(host.isEmpty() ? seed.endpoint().host() : host, port));
    }
    if (masters.isEmpty()) {
      throw new ProbeException("CLUSTER NODES on " + seed.endpoint() + " lists no master", null);
    }
    return masters;
  }

  /** Each master's SET plus GET calls so far (INFO commandstats), by node address. */
  public static Map<String, Long> setGetCalls(List<RedisEndpoint> masters) {
    Map<String, Long> calls = new LinkedHashMap<>();
    for (RedisEndpoint node : masters) {
      try (RedisProbe p = RedisProbe.connect(node)) {
        Map<String, Long> c = p.commandCalls();
        calls.put(node.toString(), c.getOrDefault("set", 0L) + c.getOrDefault("get", 0L));
      }
    }
    return calls;
  }

  /**
   * INFO of every master added up, so that a Cluster's figures are the whole cluster's: fields that
   * are whole numbers (keyspace hits and misses, used_memory, maxmemory, evicted_keys, the busy flags)
   * summed, any other field as the first master gives it.
   */
  public static InfoSnapshot info(List<RedisEndpoint> masters) {
    Map<String, String> sum = new LinkedHashMap<>();
    for (RedisEndpoint node : masters) {
      try (RedisProbe p = RedisProbe.connect(node)) {
        p.info().fields().forEach((name, value) -> sum.merge(name, value, ClusterNodes::add));
      }
    }
    return new InfoSnapshot(sum);
  }

  private static String add(String a, String b) {
    try {
      return Long.toString(Math.addExact(Long.parseLong(a), Long.parseLong(b)));
    } catch (NumberFormatException | ArithmeticException e) {
      return a;
    }
  }

  /** FLUSHALL on every master (each flushes only its own slots). */
  public static void flushAll(List<RedisEndpoint> masters) {
    for (RedisEndpoint node : masters) {
      try (RedisProbe p = RedisProbe.connect(node)) {
        p.flushAll();
      }
    }
  }
}
