package io.github.ycsbtiers.suite.compare;

/** Input that compare cannot use (a directory that is not a results directory): one line, exit status 2. */
public final class CompareException extends RuntimeException {
  public CompareException(String message) {
    super(message);
  }

  public CompareException(String message, Throwable cause) {
    super(message, cause);
  }
}
