package io.github.ycsbtiers.runner.config;

/**
 * A property or command-line value that cannot be used. The message is one line meant for the
 * user: it names the property, the value given and what is allowed.
 */
public class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The standard message for a value outside what a property allows. */
  public static ConfigException badValue(String property, String value, String allowed) {
    return new ConfigException("invalid value '" + value + "' for property '" + property + "': allowed " + allowed);
  }
}
