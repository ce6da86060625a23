package io.github.ycsbtiers.suite.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * The shutdown hook for Ctrl-C: stops the running phase, writes a summary of the phases that
 * finished (status {@code interrupted}) and removes the embedded stores. Once the run has
 * written its own summary, the hook does nothing.
 */
final class Interruption extends Thread {
  /** The final write, run either by the runner or, if interrupted first, not at all. */
  interface Write {
    /** Returns the number of failed outputs (charts not rendered). */
    int run() throws IOException;
  }

  private final SuiteRunner runner;
  private final Results results;
  private final List<TargetRuntime> targets;
  private final PrintStream err;
  private boolean done;

  Interruption(SuiteRunner runner, Results results, List<TargetRuntime> targets, PrintStream err) {
    super("ycsb-suite-interrupt");
    this.runner = runner;
    this.results = results;
    this.targets = targets;
    this.err = err;
  }

  @Override
  public void run() {
    synchronized (this) {
      if (done) {
        return;
      }
      done = true;
    }
    runner.stop();
    err.println();
    err.println("interrupted: keeping the " + results.summary("interrupted").results().size() + " finished phases");
    results.note("interrupted: the phase that was running is not in the tables");
    try {
      RunOutputs.write(results.summary("interrupted"), results, System.out, err);
    } catch (IOException | RuntimeException e) {
      err.println("error: could not write the partial summary: " + e);
    }
    for (TargetRuntime t : targets) {
      try {
        t.endGroup();
      } catch (IOException | RuntimeException e) {
        err.println("warning: could not remove the store of " + t.spec().name() + ": " + e.getMessage());
      }
    }
  }

  /** Runs the final write unless the hook already ran; unregisters the hook. */
  int finish(Write write, int status) throws IOException {
    synchronized (this) {
      if (done) {
        return Suite.INTERRUPTED;
      }
      done = true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(this);
    } catch (IllegalStateException shuttingDown) {
      // the JVM is exiting; the write below still happens on this thread
    }
    int failedOutputs = write.run();
    return status == Suite.OK && failedOutputs > 0 ? Suite.FAILED : status;
  }
}
