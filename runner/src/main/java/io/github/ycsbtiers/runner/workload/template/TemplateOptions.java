package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * Every property of the template workload, read and checked once (see docs/workloads.md for the
 * table). Errors name the property, the value and what is allowed. Immutable.
 *
 * @param loadStart the first load key number over all keyspaces in order ({@code insertstart})
 */
public record TemplateOptions(List<KeyspaceSpec> keyspaces, List<TemplateSpec> templates, long randMin,
                              long randRange, long rand2Min, long rand2Range, long loadStart) {
  public static final String KEYSPACES = "keyspaces";
  public static final String TEMPLATES = "templates";
  static final String DEFAULT_KEYSPACE = "default";
  static final int MAX_BATCH = 100_000;
  static final int MAX_VALUE_SIZE = 512 * 1024 * 1024;

  /**
   * @throws PropertyException naming the property, the value and what is allowed
   */
  public static TemplateOptions fromProperties(Properties props) {
    PropertyReader r = new PropertyReader(props);
    boolean run = r.bool("dotransactions", true);
    List<KeyspaceSpec> keyspaces = keyspaces(r, props);
    List<TemplateSpec> templates = templates(r, keyspaces, run);
    if (run) {
      checkShares(keyspaces, templates);
    } else if (r.isSet(KEYSPACES)) {
      long total = 0;
      for (KeyspaceSpec k : keyspaces) {
        total += k.keys();
      }
      long records = r.longValue(CoreWorkloadOptions.RECORD_COUNT, 0, 0, Long.MAX_VALUE);
      if (records != total) {
        throw PropertyException.badValue(CoreWorkloadOptions.RECORD_COUNT, String.valueOf(r.string("recordcount", "")),
            "the keys of all keyspaces together (" + total + "), which the Load writes");
      }
    }
    long randRange = r.longValue("rand.range", 100_000, 1, Long.MAX_VALUE);
    long rand2Range = r.longValue("rand2.range", 10_000_000, 1, Long.MAX_VALUE);
    long randMin = r.longValue("rand.min", 0, 0, Long.MAX_VALUE - randRange);
    long rand2Min = r.longValue("rand2.min", 0, 0, Long.MAX_VALUE - rand2Range);
    return new TemplateOptions(keyspaces, templates, randMin, randRange, rand2Min, rand2Range,
        r.longValue(CoreWorkloadOptions.INSERT_START, 0, 0, Long.MAX_VALUE));
  }

  private static List<String> names(PropertyReader r, String property, String defaultValue) {
    String raw = r.string(property, defaultValue);
    List<String> names = new ArrayList<>();
    for (String n : raw.split("[,\\s]+")) {
      if (n.isEmpty()) {
        continue;
      }
      if (!n.matches("[A-Za-z0-9_.:-]+") || names.contains(n)) {
        throw PropertyException.badValue(property, raw,
            "a comma-separated list of distinct names of letters, digits, '_', '-', ':' and '.'");
      }
      names.add(n);
    }
    if (names.isEmpty()) {
      throw PropertyException.badValue(property, raw, "at least one name");
    }
    return names;
  }

  private static List<KeyspaceSpec> keyspaces(PropertyReader r, Properties props) {
    List<KeyspaceSpec> specs = new ArrayList<>();
    for (String name : names(r, KEYSPACES, DEFAULT_KEYSPACE)) {
      specs.add(keyspace(r, props, name));
    }
    return List.copyOf(specs);
  }

  private static KeyspaceSpec keyspace(PropertyReader r, Properties props, String name) {
    String p = "keyspace." + name + ".";
    boolean isDefault = name.equals(DEFAULT_KEYSPACE) && !r.isSet(KEYSPACES);
    String prefix = r.string(p + "prefix", isDefault ? "key:" : name + ":");
    long keys;
    if (isDefault && !r.isSet(p + "keys")) {
      keys = r.longValue(CoreWorkloadOptions.RECORD_COUNT, 1000, 1, Long.MAX_VALUE);
    } else {
      if (!r.isSet(p + "keys")) {
        throw new ConfigException("missing property '" + p + "keys': the number of keys of keyspace " + name);
      }
      keys = r.longValue(p + "keys", 1, 1, Long.MAX_VALUE);
    }
    int keyLength = r.intValue(p + "keylength", 0, 0, 1 << 20);
    int needed = prefix.length() + Long.toString(keys - 1).length();
    if (keyLength != 0 && keyLength < needed) {
      throw PropertyException.badValue(p + "keylength", r.string(p + "keylength", ""),
          "0 (no padding) or at least " + needed + " (the prefix and the largest key number)");
    }
    KeyspaceSpec.Type type = r.choice(p + "type", "string", "string", "hash").equals("hash")
        ? KeyspaceSpec.Type.HASH : KeyspaceSpec.Type.STRING;
    int[] size = valueSize(r, p + "valuesize", r.string("fieldlength", "100"));
    int fields = r.intValue(p + "fields", 10, 1, 1_000_000);
    double share = r.doubleValue(p + "share", 1, 0, Double.MAX_VALUE);
    return new KeyspaceSpec(name, prefix, keys, keyLength, type, size[0], size[1], fields, share,
        chooser(r, props, p, keys));
  }

  /** {@code N} or {@code MIN-MAX} bytes. */
  private static int[] valueSize(PropertyReader r, String property, String defaultValue) {
    String raw = r.string(property, defaultValue);
    String[] bounds = raw.split("-", -1);
    if (bounds.length <= 2) {
      OptionalLong min = PropertyValues.wholeNumber(bounds[0]);
      OptionalLong max = bounds.length == 2 ? PropertyValues.wholeNumber(bounds[1]) : min;
      if (min.isPresent() && max.isPresent() && min.getAsLong() >= 0 && max.getAsLong() >= min.getAsLong()
          && max.getAsLong() <= MAX_VALUE_SIZE) {
        return new int[] {(int) min.getAsLong(), (int) max.getAsLong()};
      }
    }
    throw PropertyException.badValue(property, raw, "a size in bytes (32) or a range (500-2000), from 0 to "
        + MAX_VALUE_SIZE);
  }

  /** The core workload's key choice over {@code 0 .. keys - 1}, with this keyspace's distribution and hot range. */
  private static CoreWorkloadOptions chooser(PropertyReader r, Properties props, String p, long keys) {
    Properties sub = new Properties();
    sub.putAll(props);
    sub.setProperty(CoreWorkloadOptions.RECORD_COUNT, Long.toString(keys));
    sub.setProperty(CoreWorkloadOptions.INSERT_START, "0");
    sub.setProperty(CoreWorkloadOptions.INSERT_COUNT, Long.toString(keys));
    for (String op : List.of("update", "insert", "scan", "readmodifywrite")) {
      sub.setProperty(op + "proportion", "0");
    }
    sub.setProperty("readproportion", "1");
    boolean hot = r.isSet(p + "hot.keys") || r.isSet(p + "hot.ops");
    String distribution = r.string(p + "distribution", hot ? "hotspot"
        : r.string(CoreWorkloadOptions.REQUEST_DISTRIBUTION, "uniform"));
    if (hot && !distribution.equals("hotspot")) {
      throw PropertyException.badValue(p + "distribution", distribution, "hotspot (or unset) when " + p
          + "hot.keys or " + p + "hot.ops is set");
    }
    sub.setProperty(CoreWorkloadOptions.REQUEST_DISTRIBUTION, distribution);
    if (hot) {
      sub.setProperty("hotspotdatafraction", Double.toString(r.doubleValue(p + "hot.keys", 0.2, 0, 1)));
      sub.setProperty("hotspotopnfraction", Double.toString(r.doubleValue(p + "hot.ops", 0.8, 0, 1)));
    }
    try {
      return CoreWorkloadOptions.fromProperties(sub);
    } catch (PropertyException e) {
      if (!CoreWorkloadOptions.REQUEST_DISTRIBUTION.equals(e.property())) {
        throw e;
      }
      throw PropertyException.badValue(p + "distribution", e.value(), e.allowed());
    }
  }

  private static List<TemplateSpec> templates(PropertyReader r, List<KeyspaceSpec> keyspaces, boolean run) {
    if (!run && !r.isSet(TEMPLATES)) {
      return List.of();
    }
    if (!r.isSet(TEMPLATES)) {
      throw new ConfigException("missing property '" + TEMPLATES + "': name the command templates of the run, "
          + "e.g. templates=setbit with template.setbit.command=SETBIT foo-__RAND__ __RAND2__");
    }
    List<TemplateSpec> specs = new ArrayList<>();
    for (String name : names(r, TEMPLATES, "")) {
      specs.add(template(r, keyspaces, name));
    }
    return List.copyOf(specs);
  }

  private static TemplateSpec template(PropertyReader r, List<KeyspaceSpec> keyspaces, String name) {
    String p = "template." + name + ".";
    String command = r.string(p + "command", "");
    if (command.isEmpty()) {
      throw PropertyException.badValue(p + "command", command,
          "a command with its arguments separated by spaces, e.g. GET __key__");
    }
    String unknown = Argument.unknownPlaceholder(command);
    if (unknown != null) {
      throw PropertyException.badValue(p + "command", command,
          "placeholders " + Placeholder.allowed() + " (not " + unknown + ")");
    }
    List<Argument> arguments = new ArrayList<>();
    for (String a : command.split("\\s+")) {
      arguments.add(Argument.parse(a));
    }
    if (arguments.get(0).literal() == null) {
      throw PropertyException.badValue(p + "command", command, "a command name without placeholders first");
    }
    String keyspaceName = r.string(p + "keyspace", keyspaces.get(0).name());
    int keyspace = -1;
    for (int i = 0; i < keyspaces.size(); i++) {
      if (keyspaces.get(i).name().equals(keyspaceName)) {
        keyspace = i;
      }
    }
    if (keyspace < 0) {
      throw PropertyException.badValue(p + "keyspace", keyspaceName, "one of the keyspaces: "
          + String.join(", ", keyspaces.stream().map(KeyspaceSpec::name).toList()));
    }
    double proportion = r.doubleValue(p + "proportion", 1, 0, Double.MAX_VALUE);
    int batch = r.intValue(p + "batch.size", 1, 1, MAX_BATCH);
    BatchMode mode = BatchMode.valueOf(r.choice(p + "batch.mode", "pipeline", "pipeline", "multi")
        .toUpperCase(java.util.Locale.ROOT));
    boolean sameKey = r.choice(p + "batch.key", "each", "each", "same").equals("same");
    return new TemplateSpec(name, command, List.copyOf(arguments), keyspace, proportion, batch, mode, sameKey);
  }

  /** A run needs templates with a proportion above 0 in keyspaces with a share above 0. */
  private static void checkShares(List<KeyspaceSpec> keyspaces, List<TemplateSpec> templates) {
    double total = 0;
    for (TemplateSpec t : templates) {
      total += t.proportion();
    }
    if (total <= 0) {
      throw new ConfigException("invalid values for properties " + String.join(", ", templates.stream()
          .map(t -> "'template." + t.name() + ".proportion'").toList()) + ": they sum to 0; allowed at least one above 0");
    }
    double shares = 0;
    for (int i = 0; i < keyspaces.size(); i++) {
      KeyspaceSpec k = keyspaces.get(i);
      double used = 0;
      for (TemplateSpec t : templates) {
        used += t.keyspace() == i ? t.proportion() : 0;
      }
      if (keyspaces.size() > 1 && k.share() > 0 && used <= 0) {
        throw PropertyException.badValue("keyspace." + k.name() + ".share", Double.toString(k.share()),
            "0, since no template with a proportion above 0 uses keyspace " + k.name());
      }
      shares += used > 0 ? k.share() : 0;
    }
    if (keyspaces.size() > 1 && shares <= 0) {
      throw new ConfigException("invalid values for properties " + String.join(", ", keyspaces.stream()
          .map(k -> "'keyspace." + k.name() + ".share'").toList()) + ": they sum to 0; allowed at least one above 0");
    }
  }

  /** The templates' names, for messages. */
  @Override
  public String toString() {
    return "keyspaces " + Arrays.toString(keyspaces.stream().map(KeyspaceSpec::name).toArray())
        + ", templates " + Arrays.toString(templates.stream().map(TemplateSpec::name).toArray());
  }
}
