package io.github.ycsbtiers.runner.engine;

/** Whether the clients should stop early (time limit reached, or another client failed). */
interface StopSignal {
  boolean isStopRequested();
}
