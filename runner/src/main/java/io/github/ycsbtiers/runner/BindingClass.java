package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import java.lang.reflect.Constructor;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.DB;

/**
 * The binding class named by {@code db}, checked before the run so that a typo fails at once,
 * and a supplier of configured instances (one per client thread).
 */
final class BindingClass implements Supplier<DB> {
  private final Constructor<? extends DB> constructor;
  private final Properties props;

  private BindingClass(Constructor<? extends DB> constructor, Properties props) {
    this.constructor = constructor;
    this.props = props;
  }

  static BindingClass forName(String className, Properties props) {
    try {
      Class<?> c = Class.forName(className);
      if (!DB.class.isAssignableFrom(c)) {
        throw PropertyException.badValue(RunOptions.DB, className, "a class extending site.ycsb.DB");
      }
      return new BindingClass(c.asSubclass(DB.class).getConstructor(), props);
    } catch (ClassNotFoundException e) {
      throw new ConfigException("binding class '" + className + "' (property 'db') is not on the class path;"
          + " is its module built, or its jar given with -cp?");
    } catch (NoSuchMethodException e) {
      throw PropertyException.badValue(RunOptions.DB, className, "a class with a public no-argument constructor");
    }
  }

  /** The binding's name on the command line ({@code redis}, {@code tiered}), or its class's simple name. */
  String label() {
    String cls = constructor.getDeclaringClass().getName();
    io.github.ycsbtiers.runner.cli.Bindings bindings = io.github.ycsbtiers.runner.cli.Bindings.load();
    for (String name : bindings.names()) {
      if (bindings.className(name).equals(cls)) {
        return name;
      }
    }
    return constructor.getDeclaringClass().getSimpleName();
  }

  @Override
  public DB get() {
    try {
      DB db = constructor.newInstance();
      db.setProperties(props);
      return db;
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new IllegalStateException("cannot create binding " + constructor.getDeclaringClass().getName(),
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create binding " + constructor.getDeclaringClass().getName(), e);
    }
  }
}
