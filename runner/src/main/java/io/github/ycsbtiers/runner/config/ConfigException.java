package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyException;

/**
 * A setting the runner cannot use that is not one property's value: a command-line mistake (an
 * unknown option, a missing argument, an unreadable {@code -P} file), a missing property, a class
 * that cannot be loaded. A {@link PropertyException}, so that the runner catches one type for
 * every mistake in its settings (exit status 2); a bad value itself is a plain
 * {@link PropertyException#badValue}. The message is one line meant for the user.
 */
public class ConfigException extends PropertyException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
