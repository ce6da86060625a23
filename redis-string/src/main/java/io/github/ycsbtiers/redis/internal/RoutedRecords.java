package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.topology.EndpointSlot;
import io.github.ycsbtiers.redis.topology.ReadRouter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The synchronous twin of {@link RoutedReads}, for Jedis pools: one binding instance's record
 * commands over a primary and its replicas, each read where its {@link ReadRouter} says, every write
 * on the primary, each endpoint's figures recorded around the blocking call (no allocation).
 */
final class RoutedRecords implements RecordCommands {
  private static final int INSERT = 0;
  private static final int UPDATE = 1;
  private static final int DELETE = 2;
  private final RecordCommands[] endpoints;
  private final EndpointSlot[] stats;
  private final ReadRouter router;

  /** {@code endpoints} and {@code stats}: the primary first, then each replica, in the router's order. */
  RoutedRecords(List<RecordCommands> endpoints, List<EndpointSlot> stats, ReadRouter router) {
    this.endpoints = endpoints.toArray(RecordCommands[]::new);
    this.stats = stats.toArray(EndpointSlot[]::new);
    this.router = router;
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    int e = router.next();
    long start = System.nanoTime();
    boolean failed = true;
    try {
      Status status = endpoints[e].read(key, fields, result);
      failed = Status.ERROR.equals(status);
      return status;
    } finally {
      stats[e].stats().record(true, start, failed);
    }
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    return write(INSERT, key, values);
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    return write(UPDATE, key, values);
  }

  @Override
  public Status delete(byte[] key) {
    return write(DELETE, key, null);
  }

  /** A write, always on the primary; by kind rather than by a lambda, which would cost an object per write. */
  private Status write(int kind, byte[] key, Map<String, ByteIterator> values) {
    long start = System.nanoTime();
    boolean failed = true;
    try {
      Status status = switch (kind) {
        case INSERT -> endpoints[0].insert(key, values);
        case UPDATE -> endpoints[0].update(key, values);
        default -> endpoints[0].delete(key);
      };
      failed = Status.ERROR.equals(status);
      return status;
    } finally {
      stats[0].stats().record(false, start, failed);
    }
  }
}
