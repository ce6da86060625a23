package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.input.TargetSpec;
import java.util.List;

/**
 * {@code --clients}: client processes per phase, whose results bin/ycsb merge adds into one; more
 * than one with remote targets only.
 */
final class ClientsOption {
  static final String USAGE = "  --clients N          client processes per phase (default 1): each loads its part of the "
      + "key range, runs its share of the operations, and bin/ycsb merge adds their results (remote targets only)";

  private ClientsOption() {
  }

  static int parse(String option, String value) {
    return (int) Values.positive(option, value, 1000);
  }

  /**
   * Refuses several clients with the embedded store, which one process opens at a time.
   *
   * @param targets the targets given; empty: the default targets (embedded)
   */
  static void check(int clients, List<TargetSpec> targets) {
    if (clients > 1 && (targets.isEmpty() || targets.stream().anyMatch(TargetSpec::embedded))) {
      throw UsageException.badValue("--clients", Integer.toString(clients), "1 with the embedded store "
          + "(binding tiered, the default targets), which one process opens at a time; more than 1 with remote targets");
    }
  }
}
