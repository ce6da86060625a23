package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Fills a template's placeholders for one command: {@code __key__} is one key per command (the
 * same wherever it appears in that command), {@code __RAND__}, {@code __RAND2__} and
 * {@code __data__} are drawn afresh wherever they appear. Literal arguments are shared, never
 * copied. Thread-safe.
 */
final class CommandBuilder {
  private final TemplateSpec spec;
  private final Keyspace keyspace;
  private final TemplateOptions options;
  private final byte[][] literals;

  CommandBuilder(TemplateSpec spec, Keyspace keyspace, TemplateOptions options) {
    this.spec = spec;
    this.keyspace = keyspace;
    this.options = options;
    List<Argument> args = spec.arguments();
    this.literals = new byte[args.size()][];
    for (int i = 0; i < literals.length; i++) {
      literals[i] = args.get(i).literal();
    }
  }

  TemplateSpec spec() {
    return spec;
  }

  /**
   * One command; its key argument ({@code args[1]}) is {@code keyArgument} if that is not null
   * (a batch with one key).
   */
  byte[][] build(byte[] keyArgument, WorkloadRandom random) {
    byte[][] args = new byte[literals.length][];
    byte[] key = null;
    for (int i = 0; i < args.length; i++) {
      if (i == 1 && keyArgument != null) {
        args[i] = keyArgument;
      } else if (literals[i] != null) {
        args[i] = literals[i];
      } else {
        Argument a = spec.arguments().get(i);
        if (key == null && a.uses(Placeholder.KEY)) {
          key = keyspace.nextKey(random);
        }
        args[i] = fill(a, key, random);
      }
    }
    return args;
  }

  /** The key argument of a batch with one key per batch. */
  byte[] keyArgument(WorkloadRandom random) {
    Argument a = spec.arguments().get(1);
    return literals[1] != null ? literals[1] : fill(a, a.uses(Placeholder.KEY) ? keyspace.nextKey(random) : null, random);
  }

  private byte[] fill(Argument a, byte[] key, WorkloadRandom random) {
    List<Object> parts = a.parts();
    if (parts.size() == 1) {
      return part(parts.get(0), key, random);
    }
    byte[][] filled = new byte[parts.size()][];
    int length = 0;
    for (int p = 0; p < filled.length; p++) {
      filled[p] = part(parts.get(p), key, random);
      length += filled[p].length;
    }
    byte[] out = new byte[length];
    int at = 0;
    for (byte[] f : filled) {
      System.arraycopy(f, 0, out, at, f.length);
      at += f.length;
    }
    return out;
  }

  private byte[] part(Object part, byte[] key, WorkloadRandom random) {
    if (part instanceof byte[] literal) {
      return literal;
    }
    switch ((Placeholder) part) {
      case KEY:
        return key;
      case DATA:
        return keyspace.data(random);
      case RAND:
        return number(options.randMin() + random.nextLong(options.randRange()));
      default:
        return number(options.rand2Min() + random.nextLong(options.rand2Range()));
    }
  }

  private static byte[] number(long n) {
    return Long.toString(n).getBytes(StandardCharsets.US_ASCII);
  }
}
