package io.github.ycsbtiers.redis.topology;

import io.github.ycsbtiers.redis.options.ReadFrom;
import java.util.List;

/**
 * Chooses the endpoint of each read of one logical client (not thread-safe: a client has one
 * operation in flight): index 0 is the primary, 1.. the replicas. {@code replica} and {@code any}
 * go round in turn; {@code replica-preferred} skips replicas whose last operation failed and falls
 * back to the primary when all did; {@code nearest} takes the lowest recent latency, and every
 * {@value #PROBE_EVERY}th read goes round in turn so that every endpoint's latency stays recent.
 */
public final class ReadRouter {
  static final int PROBE_EVERY = 32;
  private final ReadFrom readFrom;
  private final EndpointSlot[] endpoints;
  private int turn;

  /** {@code endpoints}: the primary first, then the replicas; endpoints that never move. */
  public ReadRouter(ReadFrom readFrom, List<EndpointStats> endpoints) {
    this(endpoints.stream().map(EndpointSlot::new).toList(), readFrom);
  }

  /** {@code slots}: the primary's first, then the replicas'. */
  ReadRouter(List<EndpointSlot> slots, ReadFrom readFrom) {
    this.readFrom = readFrom;
    this.endpoints = slots.toArray(EndpointSlot[]::new);
    if (readFrom.needsReplicas() && slots.size() < 2) {
      throw new IllegalArgumentException("read_from=" + readFrom.propertyValue() + " needs a replica");
    }
    // clients start at different endpoints, so that they do not all read the same one first
    this.turn = System.identityHashCode(this) & 0xffff;
  }

  /** The index of the next read's endpoint. */
  public int next() {
    int n = endpoints.length;
    int t = turn++;
    switch (readFrom) {
      case PRIMARY:
        return 0;
      case REPLICA:
        return 1 + Math.floorMod(t, n - 1);
      case ANY:
        return Math.floorMod(t, n);
      case REPLICA_PREFERRED:
        for (int i = 0; i < n - 1; i++) {
          int r = 1 + Math.floorMod(t + i, n - 1);
          if (!endpoints[r].stats().failing()) {
            return r;
          }
        }
        return 0;
      default:
        return nearest(t);
    }
  }

  private int nearest(int t) {
    if (t % PROBE_EVERY == 0) {
      return Math.floorMod(t / PROBE_EVERY, endpoints.length);
    }
    int best = 0;
    long bestNanos = Long.MAX_VALUE;
    for (int i = 0; i < endpoints.length; i++) {
      EndpointStats e = endpoints[i].stats();
      long recent = e.failing() ? Long.MAX_VALUE - 1 : e.recentNanos();
      if (recent < bestNanos) {
        best = i;
        bestNanos = recent;
      }
    }
    return best;
  }
}
