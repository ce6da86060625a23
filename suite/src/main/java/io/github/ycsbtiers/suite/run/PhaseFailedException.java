package io.github.ycsbtiers.suite.run;

/** A phase's bin/ycsb exited with a non-zero status; the suite stops after writing what finished. */
public final class PhaseFailedException extends RuntimeException {
  public PhaseFailedException(String message) {
    super(message);
  }
}
