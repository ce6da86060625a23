package io.github.ycsbtiers.redis.options;

import java.util.List;
import java.util.Objects;
import redis.clients.jedis.HostAndPort;

/**
 * The replica settings: where reads go ({@code redis.read_from}) and the replicas the user listed
 * ({@code redis.replicas}); none listed, they are discovered from the primary's {@code INFO
 * replication} when reads may go to replicas.
 */
public record Replicas(ReadFrom readFrom, List<HostAndPort> listed) {
  public static final Replicas PRIMARY_ONLY = new Replicas(ReadFrom.PRIMARY, List.of());

  public Replicas {
    Objects.requireNonNull(readFrom, "readFrom");
    listed = List.copyOf(listed);
  }
}
