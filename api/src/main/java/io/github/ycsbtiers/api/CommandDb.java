package io.github.ycsbtiers.api;

import site.ycsb.Status;

/**
 * The command-capable side of a binding, for workloads that drive arbitrary commands (command
 * templates, keyspace mixes) instead of YCSB's record operations. Implemented by a
 * {@link site.ycsb.DB} subclass next to its record methods; one instance per client, as
 * {@link site.ycsb.DB}.
 *
 * <p>A command is its arguments as byte arrays, the command name first. By contract the
 * argument after the name ({@code args[1]}) is the command's key: a binding that spreads keys
 * over nodes (Redis Cluster) sends the command to the node of that key's slot. A command of one
 * argument has no key and may go to any node.
 *
 * <p>Contract, as {@link site.ycsb.DB}'s: never throws for a failure. A server error reply, a
 * timeout or a lost connection returns {@link Status#ERROR} (the binding counts the cause) and
 * later commands go on; a nil top-level reply returns {@link Status#NOT_FOUND}; any other reply
 * {@link Status#OK}. A batch is OK only if every command in it is; otherwise its first non-OK
 * status.
 */
public interface CommandDb {
  /** Sends one command and waits for its reply. */
  Status command(byte[][] args);

  /**
   * Sends the first {@code count} commands of {@code commands} as one batch and waits for every
   * reply. Under {@link #routesBySlot()} all keys of a batch must hash to one slot (the caller
   * checks before the run; the binding returns ERROR otherwise).
   */
  Status batch(byte[][][] commands, int count, BatchMode mode);

  /**
   * Whether this instance, as configured by its properties (set, not yet initialised), sends each
   * key to the node of its slot (Redis Cluster), so that a batch must stay on one slot. Answered
   * without a connection.
   */
  default boolean routesBySlot() {
    return false;
  }

  /**
   * Why this instance, as configured (set, not yet initialised), cannot run commands, or null if
   * it can. Answered without a connection.
   */
  default String commandsUnsupportedReason() {
    return null;
  }
}
