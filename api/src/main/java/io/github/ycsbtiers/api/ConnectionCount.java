package io.github.ycsbtiers.api;

/**
 * Implemented by a binding that talks to servers over network connections, so that the runner
 * can state the shape of the load before it starts and in its report: how many connections the
 * server sees, and so how many operations are in flight on each. Asked of an instance with its
 * properties set (the runner's engine written into {@code runner.engine}), not initialised;
 * answered without a connection.
 */
public interface ConnectionCount {
  /**
   * The connections that all instances of this binding in the process open to each server (to
   * each node of a Cluster), together, when {@code logicalClients} clients run on
   * {@code engineThreads} threads of the engine.
   */
  int connectionsPerServer(int logicalClients, int engineThreads);
}
