package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.tiered.store.internal.RocksTier;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code tiered.rocksdb.<option>=<value>}: RocksDB column-family options for the {@code disk}
 * tier, by RocksDB's own names and value syntax (its options-string format), for example
 * {@code tiered.rocksdb.write_buffer_size=1048576} or
 * {@code tiered.rocksdb.level0_slowdown_writes_trigger=4}. Each is checked by RocksDB's own parser
 * when the properties are read, so a misspelt name or a malformed value stops the run before it
 * starts. The store's table format (block cache, Bloom filter, block alignment) and, with direct
 * I/O, its compression override the same options given here.
 */
final class RocksdbOptions {
  static final String PREFIX = "tiered.rocksdb.";

  private RocksdbOptions() {
  }

  /** Whether {@code name} is one of this family. */
  static boolean covers(String name) {
    return name.startsWith(PREFIX) && name.length() > PREFIX.length();
  }

  /** The options given, RocksDB's names to their values, in name order; each checked. */
  static Map<String, String> parse(Properties p) {
    Map<String, String> out = new TreeMap<>();
    for (String name : new TreeSet<>(p.stringPropertyNames())) {
      if (!covers(name)) {
        continue;
      }
      String option = name.substring(PREFIX.length());
      String value = p.getProperty(name).trim();
      String why = RocksTier.checkColumnFamilyOption(option, value);
      if (why != null) {
        throw PropertyException.badValue(name, p.getProperty(name), "a RocksDB column-family option by its own name"
            + " and value syntax, e.g. " + PREFIX + "write_buffer_size=1048576 (" + why + ")");
      }
      out.put(option, value);
    }
    return Collections.unmodifiableMap(out);
  }
}
