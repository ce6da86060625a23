package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyCheck;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ConfigException;
import site.ycsb.DB;

/** Asks a binding that implements {@link PropertyCheck} to check its properties before the run starts. */
final class BindingPropertyCheck {
  private BindingPropertyCheck() {
  }

  /**
   * @throws PropertyException with the binding's one line, when its properties cannot be used (a
   *     binding of another project may throw any {@link IllegalArgumentException})
   */
  static void check(BindingClass binding) {
    DB probe;
    try {
      probe = binding.get();
    } catch (RuntimeException e) {
      return; // the run reports a binding that cannot be made as an init failure
    }
    if (probe instanceof PropertyCheck checked) {
      try {
        checked.checkProperties();
      } catch (PropertyException e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new ConfigException(e.getMessage(), e);
      }
    }
  }
}
