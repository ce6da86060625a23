package io.github.ycsbtiers.api;

import java.util.Collection;
import java.util.stream.Collectors;

/**
 * A property value that cannot be used: the one exception the runner, the bindings and the
 * embedded store throw for a setting, so that one {@code catch} tells a user's mistake from a
 * failure. The message is one line in one form,
 * {@code invalid value 'VALUE' for property 'NAME': allowed WHAT}, unless the mistake is not one
 * property's value (two properties that exclude each other, an unknown name), which
 * {@link #PropertyException(String)} words on its own. An {@link IllegalArgumentException}, as
 * {@link PropertyCheck} asks of a binding.
 */
public class PropertyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String property;
  private final String value;
  private final String allowed;

  /** The standard message: the property, the value as given and what is allowed. */
  public PropertyException(String property, String value, String allowed) {
    super(message(property, value, allowed));
    this.property = property;
    this.value = value;
    this.allowed = allowed;
  }

  /** A mistake that is not one property's value; {@code message} is one line for the user. */
  public PropertyException(String message) {
    this(message, (Throwable) null);
  }

  /** As {@link #PropertyException(String)}, keeping what caused it. */
  public PropertyException(String message, Throwable cause) {
    super(message, cause);
    this.property = null;
    this.value = null;
    this.allowed = null;
  }

  /** {@code invalid value 'VALUE' for property 'NAME': allowed WHAT}. */
  public static String message(String property, String value, String allowed) {
    return "invalid value '" + value + "' for property '" + property + "': allowed " + allowed;
  }

  /** Shorthand for the constructor, for {@code throw PropertyException.badValue(...)}. */
  public static PropertyException badValue(String property, String value, String allowed) {
    return new PropertyException(property, value, allowed);
  }

  /**
   * Names that no one reads, in a family whose every name is known (a typo such as
   * {@code redis.timout}): {@code unknown property 'NAME': allowed KNOWN}.
   */
  public static PropertyException unknownNames(Collection<String> names, String known) {
    String list = names.stream().sorted().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
    return new PropertyException("unknown propert" + (names.size() == 1 ? "y " : "ies ") + list + ": allowed "
        + known);
  }

  /** The property at fault; null for a message of its own. */
  public String property() {
    return property;
  }

  /** The value as given; null for a message of its own. */
  public String value() {
    return value;
  }

  /** What the property allows; null for a message of its own. */
  public String allowed() {
    return allowed;
  }
}
