package io.github.ycsbtiers.api;

/** How a batch of commands is sent: back to back on one connection, or inside MULTI/EXEC. */
public enum BatchMode {
  /** All commands written at once, all replies read after; each command stands alone. */
  PIPELINE,
  /** MULTI, the commands, EXEC on one connection: the server runs them as one transaction. */
  MULTI
}
