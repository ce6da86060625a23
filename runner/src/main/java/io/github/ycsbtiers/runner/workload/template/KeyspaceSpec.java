package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.runner.workload.CoreWorkloadOptions;

/**
 * One keyspace of a template run, as configured: keys {@code prefix + number} for numbers
 * {@code 0 .. keys - 1} (the number zero-padded so the key is {@code keyLength} long, if set), a
 * type and value size, a share of the operations and the key choice. Immutable.
 *
 * @param chooser the core workload options that drive its key choice (distribution, hot range)
 *     over {@code 0 .. keys - 1}
 */
public record KeyspaceSpec(String name, String prefix, long keys, int keyLength, Type type, int valueMin,
                           int valueMax, int fields, double share, CoreWorkloadOptions chooser) {
  /** What a key holds; the Load writes it with SET or HSET. */
  public enum Type { STRING, HASH }

  /** Section name of this keyspace's operations. */
  public String section() {
    return "KEYSPACE-" + name;
  }
}
