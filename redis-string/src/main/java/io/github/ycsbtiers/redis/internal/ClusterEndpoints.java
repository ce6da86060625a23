package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.topology.EndpointStats;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.protocol.ProtocolKeyword;
import io.lettuce.core.protocol.RedisCommand;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Each Cluster node's figures when Lettuce routes reads to replicas: Lettuce chooses the node of
 * every command itself, so the figures are taken where it records a command's latency (its
 * {@link CommandLatencyRecorder}, called once the reply is decoded, with the node's address and
 * the command). Only the record commands count (GET, SET, DEL and the hash group's), not the
 * client's own (READONLY, CLUSTER NODES); a reply that is an error counts as the node's error. A
 * command that got no reply (timed out, connection lost) reached no known node and is in no row.
 * The latency is Lettuce's, from the write of the command to its decoded reply.
 */
final class ClusterEndpoints implements CommandLatencyRecorder {
  private static final Set<String> READS = Set.of("GET", "MGET", "EXISTS", "HGET", "HMGET", "HGETALL");
  private static final Set<String> WRITES = Set.of("SET", "DEL", "UNLINK", "HSET", "HMSET", "HDEL");
  private final Map<String, EndpointStats> byAddress = new ConcurrentHashMap<>();
  private volatile Function<String, String> roles = address -> "node";

  /** Where a node's role is read (primary or replica), from the client's slot map once it is open. */
  void roles(Function<String, String> roleOfAddress) {
    this.roles = roleOfAddress;
  }

  @Override
  public void recordCommandLatency(SocketAddress local, SocketAddress remote, RedisCommand<?, ?, ?> command,
                                   long firstResponseLatency, long completionLatency) {
    String name = command.getType().toString();
    boolean read = READS.contains(name);
    if (!read && !WRITES.contains(name)) {
      return;
    }
    boolean failed = command.getOutput() != null && command.getOutput().hasError();
    stats(remote).recordNanos(read, completionLatency, failed);
  }

  @Override
  public void recordCommandLatency(SocketAddress local, SocketAddress remote, ProtocolKeyword commandType,
                                   long firstResponseLatency, long completionLatency) {
    // Lettuce calls the variant with the command; this one is only its fallback
  }

  private EndpointStats stats(SocketAddress remote) {
    String address = remote instanceof InetSocketAddress a ? a.getHostString() + ":" + a.getPort() : remote.toString();
    EndpointStats s = byAddress.get(address);
    return s != null ? s : byAddress.computeIfAbsent(address, at -> new EndpointStats(at, roles.apply(at)));
  }

  /** The nodes that served a record command so far, by address. */
  List<EndpointStats> endpoints() {
    return byAddress.values().stream().sorted(Comparator.comparing(EndpointStats::address)).toList();
  }

  /** An {@code [ENDPOINT-host:port]} section per node that served a record command, by address. */
  void publish() {
    endpoints().forEach(e -> ResultSections.publish(e.section()));
  }
}
