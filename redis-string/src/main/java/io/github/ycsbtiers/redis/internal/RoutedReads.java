package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.topology.ReadRouter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * One logical client's record commands over a primary and its replicas: each read goes where its
 * {@link ReadRouter} says, every write (insert, update, delete) to the primary. The commands of
 * each endpoint keep that endpoint's figures.
 */
final class RoutedReads implements AsyncRecordCommands {
  private final AsyncRecordCommands[] endpoints;
  private final ReadRouter router;

  /** {@code endpoints}: the primary's commands first, then each replica's, in the router's order. */
  RoutedReads(List<AsyncRecordCommands> endpoints, ReadRouter router) {
    this.endpoints = endpoints.toArray(AsyncRecordCommands[]::new);
    this.router = router;
  }

  @Override
  public CompletionStage<Status> read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return endpoints[router.next()].read(key, fields, result);
  }

  @Override
  public CompletionStage<Status> insert(byte[] key, Map<String, ByteIterator> values) {
    return endpoints[0].insert(key, values);
  }

  @Override
  public CompletionStage<Status> update(byte[] key, Map<String, ByteIterator> values) {
    return endpoints[0].update(key, values);
  }

  @Override
  public CompletionStage<Status> delete(byte[] key) {
    return endpoints[0].delete(key);
  }

  @Override
  public boolean settles() {
    return endpoints[0].settles();
  }

  @Override
  public void flush() {
    for (AsyncRecordCommands e : endpoints) {
      e.flush();
    }
  }

  @Override
  public void close() {
    for (AsyncRecordCommands e : endpoints) {
      e.close();
    }
  }
}
