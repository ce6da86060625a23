package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.CommandGroup;
import io.github.ycsbtiers.redis.options.Durability;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The commands of one command group on one record, with YCSB's {@link site.ycsb.DB} semantics:
 * a missing record is {@link Status#NOT_FOUND}. Implementations may throw a Jedis exception for a
 * failed command; the binding turns it into {@link Status#ERROR}. Thread-safe.
 */
public interface RecordCommands {
  Status insert(byte[] key, Map<String, ByteIterator> values);

  /** Reads the named fields ({@code null}: all) into {@code result}. */
  Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result);

  Status update(byte[] key, Map<String, ByteIterator> values);

  Status delete(byte[] key);

  /** Commands that wait for asynchronous ones (Lettuce's synchronous path). */
  static RecordCommands blocking(AsyncRecordCommands commands) {
    return new BlockingRecords(commands);
  }

  /** One binding instance's pipelined Jedis commands, for the asynchronous path. */
  static AsyncRecordCommands pipelined(UnifiedJedis jedis, RedisOptions options) {
    return new JedisPipelineRecords(jedis, options);
  }

  /**
   * The commands of one lease's Jedis pools: the primary's, or with reads routed over the primary
   * and its replicas, each endpoint's figures kept.
   */
  static RecordCommands of(SharedConnections.Lease lease, RedisOptions options) {
    Topology topology = lease.topology();
    if (!topology.routed()) {
      return of(lease.jedis(), options, lease);
    }
    List<RecordCommands> each = new ArrayList<>();
    for (UnifiedJedis pool : lease.jedisEndpoints()) {
      each.add(of(pool, options, lease));
    }
    return new RoutedRecords(each, topology.slots(), topology.router());
  }

  /** As {@link #of(UnifiedJedis, RedisOptions)}, the string group's writes checked or waited for when the options ask. */
  private static RecordCommands of(UnifiedJedis jedis, RedisOptions options, SharedConnections.Lease lease) {
    Durability d = options.durability();
    if (options.commandGroup() == CommandGroup.STRING && (d.checkLostWrites() || d.versioned() || d.waits())) {
      return new CheckedStringRecords(jedis, options, lease.ledger(), lease.versions());
    }
    return of(jedis, options);
  }

  /** The commands of {@code options.commandGroup()} for records of {@code options.fieldCount()} fields. */
  static RecordCommands of(UnifiedJedis jedis, RedisOptions options) {
    switch (options.commandGroup()) {
      case HASH:
        return new HashRecords(jedis, options);
      case STRING:
      default:
        return new StringRecords(jedis, options);
    }
  }
}
