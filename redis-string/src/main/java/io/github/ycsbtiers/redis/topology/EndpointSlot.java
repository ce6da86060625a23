package io.github.ycsbtiers.redis.topology;

/**
 * One place reads or writes of a logical client go (index 0 the primary, 1.. the replicas) and
 * the figures of the endpoint it points at now. Under Sentinels a failover points a slot at another
 * address, whose figures are then recorded from the next operation on; without them a slot never
 * moves. A volatile read per operation.
 */
public final class EndpointSlot {
  private volatile EndpointStats stats;

  public EndpointSlot(EndpointStats stats) {
    this.stats = stats;
  }

  /** The figures of the endpoint this slot points at now. */
  public EndpointStats stats() {
    return stats;
  }

  void point(EndpointStats to) {
    stats = to;
  }
}
