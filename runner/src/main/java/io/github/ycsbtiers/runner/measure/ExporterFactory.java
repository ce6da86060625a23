package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.api.PropertyException;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Finds the class named by {@code exporter} before the run starts (upstream silently falls back
 * to text for an unknown name; here it is an error) and creates it on the output stream.
 */
public final class ExporterFactory {
  public static final String PROPERTY = "exporter";
  public static final String DEFAULT = "site.ycsb.measurements.exporter.TextMeasurementsExporter";

  private final Constructor<? extends MeasurementsExporter> constructor;

  private ExporterFactory(Constructor<? extends MeasurementsExporter> constructor) {
    this.constructor = constructor;
  }

  public static ExporterFactory forClass(String className) {
    String allowed = "a class implementing site.ycsb.measurements.exporter.MeasurementsExporter, e.g. "
        + DEFAULT + ", site.ycsb.measurements.exporter.JSONMeasurementsExporter or "
        + "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
    try {
      Class<?> c = Class.forName(className);
      if (!MeasurementsExporter.class.isAssignableFrom(c)) {
        throw PropertyException.badValue(PROPERTY, className, allowed);
      }
      return new ExporterFactory(c.asSubclass(MeasurementsExporter.class).getConstructor(OutputStream.class));
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      throw PropertyException.badValue(PROPERTY, className, allowed);
    }
  }

  public MeasurementsExporter open(OutputStream out) throws java.io.IOException {
    try {
      return constructor.newInstance(out);
    } catch (ReflectiveOperationException e) {
      throw new java.io.IOException("cannot create exporter " + constructor.getDeclaringClass().getName(), e);
    }
  }
}
