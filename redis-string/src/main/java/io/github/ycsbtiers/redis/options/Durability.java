package io.github.ycsbtiers.redis.options;

/**
 * What the client does about writes a failover may lose: keep and check the acknowledged ones
 * after the run ({@code redis.lost_writes=check}), and wait after each write until {@code
 * waitReplicas} replicas have it ({@code redis.wait.replicas}, Redis' {@code WAIT}), at most
 * {@code waitTimeoutMillis} ({@code redis.wait.timeout}); write versioned values and count the reads
 * that return an older one than was acknowledged ({@code versioned}, {@code redis.stale_reads=check}).
 */
public record Durability(boolean checkLostWrites, int waitReplicas, int waitTimeoutMillis, boolean versioned) {
  public static final Durability NONE = new Durability(false, 0, 0, false);

  /** Whether writes wait for replicas. */
  public boolean waits() {
    return waitReplicas > 0;
  }
}
