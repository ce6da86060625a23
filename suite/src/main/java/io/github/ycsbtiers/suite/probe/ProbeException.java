package io.github.ycsbtiers.suite.probe;

/** The target's server could not be reached or answered with an error. */
public final class ProbeException extends RuntimeException {
  public ProbeException(String message, Throwable cause) {
    super(message, cause);
  }
}
