package io.github.ycsbtiers.runner.cli;

import io.github.ycsbtiers.runner.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.TreeSet;

/** The binding names {@code bin/ycsb} accepts, mapped to binding classes and their defaults. */
public final class Bindings {
  private static final String RESOURCE = "bindings.properties";
  private final Properties table;

  private Bindings(Properties table) {
    this.table = table;
  }

  public static Bindings load() {
    Properties p = new Properties();
    try (InputStream in = Bindings.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RESOURCE);
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Bindings(p);
  }

  /** The class of a binding name; an unknown name is a ConfigException listing the known ones. */
  public String className(String name) {
    String cls = name.contains(".") ? null : table.getProperty(name);
    if (cls == null) {
      throw new ConfigException("unknown binding '" + name + "': known bindings are " + String.join(", ", names())
          + " (or give a class with -db)");
    }
    return cls;
  }

  /** Default properties of a binding name (lowest precedence). */
  public Properties defaults(String name) {
    Properties d = new Properties();
    String spec = table.getProperty(name + ".defaults", "");
    for (String pair : spec.split(";")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        d.setProperty(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
      }
    }
    return d;
  }

  public TreeSet<String> names() {
    TreeSet<String> names = new TreeSet<>();
    for (String k : table.stringPropertyNames()) {
      if (!k.contains(".")) {
        names.add(k);
      }
    }
    return names;
  }
}
