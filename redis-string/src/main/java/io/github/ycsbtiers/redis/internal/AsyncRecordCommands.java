package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.CommandGroup;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.topology.EndpointSlot;
import io.github.ycsbtiers.redis.topology.Topology;
import java.util.ArrayList;
import java.util.List;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The commands of one command group on one record, sent without waiting: the asynchronous twin
 * of {@link RecordCommands}, with the same semantics (a missing record is {@link Status#NOT_FOUND}).
 * A failed command completes the stage exceptionally; the binding turns that into
 * {@link Status#ERROR}. A read fills {@code result} before its stage completes.
 */
public interface AsyncRecordCommands {
  CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values);

  CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values);

  CompletionStage<Status> delete(byte[] key);

  /** Sends what is buffered; nothing for clients that send every command at once. */
  default void flush() {
  }

  /** Gives back what this instance holds (a pipeline's connection); not the shared client. */
  default void close() {
  }

  /**
   * The commands of {@code options.commandGroup()} on a connection of the binding's own client;
   * they settle themselves ({@link #settles}) with {@code failures}, and record into {@code stats}
   * (the connection's endpoint) unless it is null.
   */
  static AsyncRecordCommands of(io.github.ycsbtiers.redis.resp.RespConnection connection, RedisOptions options,
                                FailedOperations failures, EndpointSlot stats, WriteLedger ledger,
                                ValueVersions versions) {
    if (options.commandGroup() == CommandGroup.HASH) {
      return new NettyHashRecords(connection, options, failures, stats);
    }
    return new NettyStringRecords(connection, options, failures, stats, ledger, versions);
  }

  /**
   * The record commands of one lease of the binding's own client: on the primary's connection, or
   * with reads routed over the primary and its replicas ({@code redis.read_from}), each endpoint's
   * figures kept.
   */
  static AsyncRecordCommands of(SharedConnections.Lease lease, RedisOptions options, FailedOperations failures) {
    Topology topology = lease.topology();
    if (!topology.routed()) {
      return of(lease.resp(), options, failures, null, lease.ledger(), lease.versions());
    }
    List<AsyncRecordCommands> each = new ArrayList<>();
    List<io.github.ycsbtiers.redis.resp.RespConnection> connections = lease.respEndpoints();
    for (int i = 0; i < connections.size(); i++) {
      each.add(of(connections.get(i), options, failures, topology.slots().get(i), lease.ledger(),
          lease.versions()));
    }
    return new RoutedReads(each, topology.router());
  }

  /**
   * Whether a stage always completes normally, a failure already counted and turned into ERROR
   * (after the backoff pause); otherwise the binding settles it.
   */
  default boolean settles() {
    return false;
  }

  /**
   * The record commands of one lease's Lettuce connections: on the primary's, or with reads routed
   * over the primary and its replicas, each endpoint's figures kept.
   */
  static AsyncRecordCommands ofLettuce(SharedConnections.Lease lease, RedisOptions options) {
    Topology topology = lease.topology();
    if (!topology.routed()) {
      return of(lease.lettuce().commands(), options, lease.ledger(), lease.versions());
    }
    List<AsyncRecordCommands> each = new ArrayList<>();
    List<LettuceConnection> connections = lease.lettuceEndpoints();
    for (int i = 0; i < connections.size(); i++) {
      each.add(new MeasuredRecords(of(connections.get(i).commands(), options, lease.ledger(), lease.versions()), topology.slots().get(i)));
    }
    return new RoutedReads(each, topology.router());
  }

  /** The commands of {@code options.commandGroup()} on a shared Lettuce connection; {@code ledger} and {@code versions} null unless lost writes and stale reads are checked. */
  static AsyncRecordCommands of(RedisClusterAsyncCommands<byte[], byte[]> commands, RedisOptions options,
                                WriteLedger ledger, ValueVersions versions) {
    if (options.commandGroup() == CommandGroup.HASH) {
      return new LettuceHashRecords(commands, options);
    }
    return new LettuceStringRecords(commands, options, ledger, versions);
  }
}
