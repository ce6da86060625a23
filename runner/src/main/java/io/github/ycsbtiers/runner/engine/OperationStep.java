package io.github.ycsbtiers.runner.engine;

/** Produces and executes one operation of a client; the engine counts and throttles the calls. */
interface OperationStep {
  /**
   * Does one operation.
   *
   * @return false when the workload has nothing more to do (upstream's doTransaction contract)
   */
  boolean next();
}
