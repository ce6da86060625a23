/**
 * Shared JUnit 5 harness for integration tests ({@code *IT}) that talk to real {@code redis-server}
 * processes: a standalone server ({@link io.github.ycsbtiers.testing.RedisServer}) with optional
 * password, ACL user and TLS, a Redis Cluster ({@link io.github.ycsbtiers.testing.RedisCluster}), a
 * primary with replicas and Sentinels ({@link io.github.ycsbtiers.testing.RedisReplication}),
 * certificates generated at test time ({@link io.github.ycsbtiers.testing.TlsCertificates}), the
 * project's {@code bin/ycsb} as a child process ({@link io.github.ycsbtiers.testing.YcsbProcess}),
 * and extensions that start and stop them around a test class.
 *
 * <p>No mocks: every fixture runs the Debian {@code redis-server}/{@code redis-cli} found on the
 * PATH and fails (never skips) when they are missing. Every process a fixture starts is stopped by
 * {@code close()}, by a failed start-up, and as a last resort by a JVM shutdown hook.
 */
package io.github.ycsbtiers.testing;
