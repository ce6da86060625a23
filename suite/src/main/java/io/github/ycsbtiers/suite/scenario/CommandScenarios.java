package io.github.ycsbtiers.suite.scenario;

import io.github.ycsbtiers.suite.input.TargetSpec;
import io.github.ycsbtiers.suite.input.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenarios of command templates, on Redis-compatible targets only: bitmap-commands (the
 * TairRoaring paper's SETBIT, GETBIT and MULTI/EXEC-of-10 tests, plain Redis bitmap commands
 * standing in for TR.*) and rta-mix (the GeminiDB ad-serving benchmark's three keyspaces).
 */
final class CommandScenarios {
  /** Default operations of a bitmap test and keys of rta-mix, without --operations or --records. */
  static final long DEFAULT_OPERATIONS = 100_000;
  static final long DEFAULT_RTA_KEYS = 100_000;

  private CommandScenarios() {
  }

  /** The embedded store has no commands: one line, before any phase. */
  static void refuseEmbedded(Scenario scenario, TargetSpec target) {
    if (target.embedded()) {
      throw UsageException.badValue("--target", target.toString(), scenario.id() + " sends Redis commands, and "
          + "target " + target.name() + " is the embedded store (binding tiered), which has no commands; "
          + "give a Redis-compatible target, e.g. --target r1=redis,redis.host=HOST");
    }
  }

  /** setbit, getbit (on the bitmaps setbit wrote) and setbit-multi10, with the workload files' ranges. */
  static List<PhaseSpec> bitmap(PlanInputs options) {
    long operations = options.runOperations(options.operations().orElse(DEFAULT_OPERATIONS));
    List<PhaseSpec> phases = new ArrayList<>();
    phases.add(new PhaseSpec("single", "setbit", false, "workloads/bitmap-setbit", operations, operations, Map.of()));
    phases.add(new PhaseSpec("single", "getbit", false, "workloads/bitmap-getbit", operations, operations, Map.of()));
    long batches = Math.max(1, operations / 10);
    phases.add(new PhaseSpec("multi10", "setbit-multi10", false, "workloads/bitmap-setbit-multi10", batches,
        batches, Map.of()));
    return phases;
  }

  /** Load of the three keyspaces at 2:7:1 of --records keys, then the read mix. */
  static List<PhaseSpec> rtaMix(PlanInputs options) {
    long keys = Math.max(10, options.records().orElse(DEFAULT_RTA_KEYS));
    long hash = keys * 2 / 10;
    long small = keys * 7 / 10;
    long large = keys - hash - small;
    Map<String, String> props = new LinkedHashMap<>();
    props.put("keyspace.hash.keys", Long.toString(hash));
    props.put("keyspace.small.keys", Long.toString(small));
    props.put("keyspace.large.keys", Long.toString(large));
    long operations = options.runOperations(keys);
    return List.of(
        new PhaseSpec("2:7:1", "load", true, "workloads/rta-mix", keys, operations, props),
        new PhaseSpec("2:7:1", "read-mix", false, "workloads/rta-mix", keys, operations, props));
  }
}
