package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.topology.EndpointSlot;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The record commands of one endpoint over Lettuce, each operation's outcome recorded in that
 * endpoint's figures when its stage completes (a failure, or an error reply, as an error). Costs a
 * callback per operation, on a client that allocates several; the binding's own client records in
 * its operation object instead ({@link SettledOperation}).
 */
final class MeasuredRecords implements AsyncRecordCommands {
  private final AsyncRecordCommands records;
  private final EndpointSlot stats;

  MeasuredRecords(AsyncRecordCommands records, EndpointSlot stats) {
    this.records = records;
    this.stats = stats;
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return measured(true, System.nanoTime(), records.read(key, fields, result));
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    return measured(false, System.nanoTime(), records.insert(key, values));
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    return measured(false, System.nanoTime(), records.update(key, values));
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return measured(false, System.nanoTime(), records.delete(key));
  }

  private CompletionStage<Status> measured(boolean read, long start, CompletionStage<Status> stage) {
    stage.whenComplete((status, e) -> stats.stats().record(read, start, e != null || Status.ERROR.equals(status)));
    return stage;
  }

  @Override
  public boolean settles() {
    return records.settles();
  }

  @Override
  public void flush() {
    records.flush();
  }

  @Override
  public void close() {
    records.close();
  }
}
