/**
 * The servers behind one set of options and what each did: the primary and its replicas (found in
 * the primary's {@code INFO replication} or listed by the user), which of them a read goes to
 * ({@code redis.read_from}), and each endpoint's operations, errors and latency, reported as one
 * {@code [ENDPOINT-host:port]} section each. Knows no client library: the binding's clients
 * record into {@link io.github.ycsbtiers.redis.topology.EndpointStats} and ask
 * {@link io.github.ycsbtiers.redis.topology.ReadRouter} where to read.
 */
package io.github.ycsbtiers.redis.topology;
