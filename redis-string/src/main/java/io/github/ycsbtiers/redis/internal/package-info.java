/**
 * How the binding talks to Redis, not part of its API: the process-wide, reference-counted
 * connection pools ({@code SharedConnections}) and how they are opened and checked ({@code
 * Connector}, {@code PemTls}, {@code InitFailures}), and the commands of each command group
 * ({@code RecordCommands} and its implementations, {@code ScanIndex}). Uses the options package,
 * never the binding class.
 */
package io.github.ycsbtiers.redis.internal;
