package io.github.ycsbtiers.suite.cli;

/** An invalid command line: the suite prints the message on one line and exits with status 2. */
public final class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }

  /** {@code option=value: what is allowed}. */
  public static UsageException badValue(String option, String value, String allowed) {
    return new UsageException(option + " " + value + ": " + allowed);
  }
}
