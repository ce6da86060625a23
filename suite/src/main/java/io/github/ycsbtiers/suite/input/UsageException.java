package io.github.ycsbtiers.suite.input;

import java.util.regex.Pattern;

/** An invalid command line: the suite prints the message on one line and exits with status 2. */
public final class UsageException extends RuntimeException {
  /** {@code ...password...=value} inside a target's property list: the value is never printed. */
  private static final Pattern SECRET = Pattern.compile("([^,=]*password[^,=]*=)[^,]*");

  public UsageException(String message) {
    super(message);
  }

  /** {@code option=value: what is allowed}; a password in {@code value} is shown as {@code ***}. */
  public static UsageException badValue(String option, String value, String allowed) {
    return new UsageException(option + " " + masked(value) + ": " + allowed);
  }

  /** {@code value} with the value of every property whose name contains {@code password} replaced by {@code ***}. */
  static String masked(String value) {
    return SECRET.matcher(value).replaceAll("$1***");
  }
}
