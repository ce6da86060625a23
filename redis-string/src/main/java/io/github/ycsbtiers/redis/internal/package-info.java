/**
 * How the binding talks to Redis, not part of its API: the process-wide, reference-counted
 * connection pools ({@code SharedConnections}) and how they are opened and checked ({@code
 * Connector}, {@code PemTls}, {@code InitFailures}); the commands of each command group ({@code
 * RecordCommands} and its implementations, {@code ScanIndex}) and the string group's values
 * ({@code StringRecordCodec}); the tally of failed operations ({@code OperationFailures}), outages
 * ({@code Outages}; per Cluster master, {@code ClusterOutages}) and how one binding instance ends a
 * failed operation, records and command templates alike ({@code FailedOperations}). Uses the
 * options package, never the binding class.
 */
package io.github.ycsbtiers.redis.internal;
