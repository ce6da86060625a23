package io.github.ycsbtiers.api;

/**
 * A binding that can check its properties before any work: the runner calls {@link #checkProperties}
 * on an instance whose properties are set (never initialised) before it starts a client, and
 * refuses the run with exit status 2 and the message when the check fails. Under upstream YCSB
 * nothing calls it; {@code init} checks the same properties again.
 */
public interface PropertyCheck {
  /**
   * Parses and checks the binding's properties, without connecting, opening or writing anything.
   *
   * @throws IllegalArgumentException one line naming the property, the value (never a secret) and what is allowed
   */
  void checkProperties();
}
