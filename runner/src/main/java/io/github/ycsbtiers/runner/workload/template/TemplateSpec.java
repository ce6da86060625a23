package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.api.BatchMode;
import java.util.List;
import java.util.Locale;

/**
 * One command template as configured: its arguments, the keyspace its {@code __key__} and
 * {@code __data__} come from, its proportion among that keyspace's templates, and its batch.
 * Immutable.
 *
 * @param keyspace index into the run's keyspaces
 * @param batchSize commands per operation (1: no batch)
 * @param sameKey whether the key argument ({@code args[1]}) is drawn once per batch
 */
public record TemplateSpec(String name, String command, List<Argument> arguments, int keyspace, double proportion,
                           int batchSize, BatchMode mode, boolean sameKey) {
  /** Section name: the template's name in capitals. */
  public String section() {
    return name.toUpperCase(Locale.ROOT);
  }

  /** Section of the command name ({@code CMD-GET}) for a template of single commands, else null. */
  public String commandSection() {
    byte[] verb = arguments.get(0).literal();
    return batchSize == 1 && verb != null
        ? "CMD-" + new String(verb, java.nio.charset.StandardCharsets.UTF_8).toUpperCase(Locale.ROOT) : null;
  }

  boolean uses(Placeholder p) {
    for (Argument a : arguments) {
      if (a.uses(p)) {
        return true;
      }
    }
    return false;
  }
}
