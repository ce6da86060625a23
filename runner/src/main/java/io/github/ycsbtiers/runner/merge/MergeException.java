package io.github.ycsbtiers.runner.merge;

/** A client result that cannot be merged: missing or truncated files, or clients that ran different workloads. */
public final class MergeException extends RuntimeException {
  public MergeException(String message) {
    super(message);
  }

  public MergeException(String message, Throwable cause) {
    super(message, cause);
  }
}
