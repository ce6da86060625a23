package io.github.ycsbtiers.runner;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.RunOptions;
import io.github.ycsbtiers.runner.measure.FailureLog;
import io.github.ycsbtiers.runner.workload.LongCoreWorkload;
import site.ycsb.Workload;

/**
 * Creates the workload named by {@code workload}. Upstream's core workload, which is limited to
 * 32-bit key numbers, is replaced by {@link LongCoreWorkload} with the same properties and keys;
 * any other class is used as it is.
 */
final class WorkloadClass {
  static final String UPSTREAM_CORE = "site.ycsb.workloads.CoreWorkload";

  private WorkloadClass() {
  }

  static Workload create(String className) {
    if (className.equals(UPSTREAM_CORE) || className.equals(LongCoreWorkload.class.getName())) {
      return new LongCoreWorkload();
    }
    try {
      Class<?> c = Class.forName(className);
      if (!Workload.class.isAssignableFrom(c)) {
        throw PropertyException.badValue(RunOptions.WORKLOAD, className, "a class extending site.ycsb.Workload");
      }
      return c.asSubclass(Workload.class).getConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw PropertyException.badValue(RunOptions.WORKLOAD, className,
          "a workload class on the class path, e.g. " + UPSTREAM_CORE);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new ConfigException("cannot create workload '" + className + "': "
          + FailureLog.describe(e.getCause()), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new ConfigException("cannot create workload '" + className + "': " + FailureLog.describe(e), e);
    }
  }
}
