package io.github.ycsbtiers.runner.engine;

import java.io.PrintStream;
import site.ycsb.Workload;

/** Asks the workload to stop once {@code maxexecutiontime} seconds have passed. */
final class Terminator extends Thread {
  private final long seconds;
  private final Workload workload;
  private final PrintStream err;

  Terminator(long seconds, Workload workload, PrintStream err) {
    super("ycsb-terminator");
    setDaemon(true);
    this.seconds = seconds;
    this.workload = workload;
    this.err = err;
  }

  @Override
  public void run() {
    try {
      Thread.sleep(seconds * 1000);
    } catch (InterruptedException e) {
      return;
    }
    err.println("Maximum time elapsed. Requesting stop for the workload.");
    workload.requestStop();
  }
}
