package io.github.ycsbtiers.runner.engine;

/** What the status line asks of a client thread: operations done and still to do. */
interface Progress {
  long opsDone();

  /** Operations still to do, 0 when unbounded (as upstream's getOpsTodo). */
  long opsTodo();

  /** Operations done during the warm-up, which {@link #opsDone} does not count. */
  long warmupOpsDone();

  /** Operations sent and not yet completed (0 or 1 for a client with one in flight); read from another thread. */
  long inFlight();
}
