package io.github.ycsbtiers.runner.workload;

import java.lang.reflect.Method;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/** Upstream YCSB 0.17's core workload, opened up to compare key names and values with it. */
final class UpstreamCoreWorkload extends CoreWorkload {
  private UpstreamCoreWorkload() {
  }

  static UpstreamCoreWorkload create(Properties props) throws WorkloadException {
    // upstream reads its Measurements singleton at construction, which needs properties first
    Measurements.setProperties(new Properties());
    UpstreamCoreWorkload w = new UpstreamCoreWorkload();
    w.init(props);
    return w;
  }

  String key(long keyNumber) {
    return buildKeyName(keyNumber);
  }

  String deterministicValue(String key, String field) throws ReflectiveOperationException {
    Method m = CoreWorkload.class.getDeclaredMethod("buildDeterministicValue", String.class, String.class);
    m.setAccessible(true);
    return (String) m.invoke(this, key, field);
  }
}
