package io.github.ycsbtiers.runner.cli;

import java.util.Locale;

/** Masks secret values (any property whose name contains "password") wherever arguments are echoed. */
public final class Secrets {
  public static final String MASK = "*****";

  private Secrets() {
  }

  public static boolean isSecret(String propertyName) {
    return propertyName.toLowerCase(Locale.ROOT).contains("password");
  }

  /** Masks the value of a {@code name=value} argument when the name is secret. */
  public static String maskAssignment(String arg) {
    int eq = arg.indexOf('=');
    if (eq > 0 && isSecret(arg.substring(0, eq))) {
      return arg.substring(0, eq + 1) + MASK;
    }
    return arg;
  }
}
