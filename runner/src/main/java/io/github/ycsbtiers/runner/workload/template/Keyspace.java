package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.runner.workload.KeyChooser;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.nio.charset.StandardCharsets;

/**
 * A keyspace at run time: its key names, its key choice and its values. Thread-safe: every draw
 * comes from the calling client's stream.
 */
final class Keyspace {
  /** Printable filler that values are cut from (random letters, made once). */
  private static final byte[] FILLER = filler(1 << 16);
  private static final byte[][] FIELD_NAMES = new byte[0][];

  private final KeyspaceSpec spec;
  private final byte[] prefix;
  private final KeyChooser chooser;
  private final byte[][] fieldNames;

  Keyspace(KeyspaceSpec spec) {
    this.spec = spec;
    this.prefix = spec.prefix().getBytes(StandardCharsets.UTF_8);
    this.chooser = KeyChooser.of(spec.chooser());
    this.fieldNames = spec.type() == KeyspaceSpec.Type.HASH ? fieldNames(spec.fields()) : FIELD_NAMES;
  }

  KeyspaceSpec spec() {
    return spec;
  }

  /** The next key of a run-phase operation, by the keyspace's distribution. */
  byte[] nextKey(WorkloadRandom random) {
    return key(chooser.next(random));
  }

  /** The key of number {@code n}: the prefix, then the number zero-padded to the key length. */
  byte[] key(long n) {
    byte[] digits = Long.toString(n).getBytes(StandardCharsets.US_ASCII);
    int fill = Math.max(0, spec.keyLength() - prefix.length - digits.length);
    byte[] key = new byte[prefix.length + fill + digits.length];
    System.arraycopy(prefix, 0, key, 0, prefix.length);
    java.util.Arrays.fill(key, prefix.length, prefix.length + fill, (byte) '0');
    System.arraycopy(digits, 0, key, prefix.length + fill, digits.length);
    return key;
  }

  /** A value of the keyspace's size (uniform in its range). */
  byte[] data(WorkloadRandom random) {
    int size = spec.valueMin() == spec.valueMax() ? spec.valueMin()
        : spec.valueMin() + random.nextInt(spec.valueMax() - spec.valueMin() + 1);
    byte[] value = new byte[size];
    int at = 0;
    while (at < size) {
      int from = random.nextInt(FILLER.length);
      int n = Math.min(size - at, FILLER.length - from);
      System.arraycopy(FILLER, from, value, at, n);
      at += n;
    }
    return value;
  }

  /** The Load's command for key number {@code n}: SET key value, or HSET key field0 value ... */
  byte[][] loadCommand(long n, WorkloadRandom random) {
    byte[] key = key(n);
    if (spec.type() == KeyspaceSpec.Type.STRING) {
      return new byte[][] {Commands.SET, key, data(random)};
    }
    byte[][] args = new byte[2 + 2 * fieldNames.length][];
    args[0] = Commands.HSET;
    args[1] = key;
    for (int f = 0; f < fieldNames.length; f++) {
      args[2 + 2 * f] = fieldNames[f];
      args[3 + 2 * f] = data(random);
    }
    return args;
  }

  private static byte[][] fieldNames(int count) {
    byte[][] names = new byte[count][];
    for (int f = 0; f < count; f++) {
      names[f] = ("field" + f).getBytes(StandardCharsets.US_ASCII);
    }
    return names;
  }

  private static byte[] filler(int size) {
    byte[] b = new byte[size];
    java.util.Random random = new java.util.Random(1);
    for (int i = 0; i < size; i++) {
      b[i] = (byte) ('a' + random.nextInt(26));
    }
    return b;
  }

  /** Command names the workload writes itself. */
  static final class Commands {
    static final byte[] SET = "SET".getBytes(StandardCharsets.US_ASCII);
    static final byte[] HSET = "HSET".getBytes(StandardCharsets.US_ASCII);

    private Commands() {
    }
  }
}
